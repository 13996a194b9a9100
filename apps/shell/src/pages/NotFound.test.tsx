// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { NotFoundPage } from './NotFound.tsx';

afterEach(cleanup);

it("shows '404 Page Not Found' with a way home", () => {
  render(<NotFoundPage />);
  expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
});
