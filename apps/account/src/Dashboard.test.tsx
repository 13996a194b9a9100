// @vitest-environment jsdom

import { makeProject } from '@buildbid/test-kit/fixtures';
import { jsonResponse, makeUser, mockFetch } from '@buildbid/test-kit/helpers';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Dashboard } from './Dashboard.tsx';
import { resetAfterEach } from './testing.ts';

function answer(projects: unknown[], total = projects.length) {
  return new Response(JSON.stringify(projects), {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
  });
}

/** The project lists answer; the dashboard's other calls (stats, badges...) answer 404 here. */
function projectsOnly(projects: unknown[], total = projects.length) {
  return async (request: Request) =>
    /\/projects$/.test(new URL(request.url).pathname)
      ? answer(projects, total)
      : new Response('{"message":"Not Found","code":"NOT_FOUND"}', { status: 404 });
}

// The dashboard logs the calls that fail (stats, badges...): kept out of the output.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
resetAfterEach();

const many = (n: number) =>
  Array.from({ length: n }, (_, i) => makeProject({ id: `p${i}`, title: `Project ${i}` }));

describe('Dashboard project list', () => {
  it("keeps the greeting and shows a client's first 5 projects under 'My Projects'", async () => {
    const fetch = mockFetch();
    fetch.mockImplementation(projectsOnly(many(6), 9));
    render(<Dashboard user={makeUser({ role: 'client' })} country="BS" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ann!' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Projects' })).toBeTruthy();
    expect(await screen.findByText('Project 4')).toBeTruthy();
    expect(screen.queryByText('Project 5')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'View All Projects' }).length).toBe(2);
    expect(screen.getByRole('link', { name: 'Post New Project' }).getAttribute('href')).toBe('/post-project');
    expect(new URL(fetch.mock.calls[0]?.[0]?.url ?? 'http://none/').pathname).toBe('/api/users/me/projects');
  });

  it("shows 'No projects yet' with 'Post Your First Project' for clients", async () => {
    mockFetch().mockImplementation(projectsOnly([]));
    render(<Dashboard user={makeUser({ role: 'client' })} country="BS" />);
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Post Your First Project' })).toBeTruthy();
  });

  it("shows 'Available Projects' to others, without quick actions, and 'No projects available'", async () => {
    const fetch = mockFetch();
    fetch.mockImplementation(projectsOnly([]));
    render(<Dashboard user={makeUser({ role: 'contractor' })} country="US" />);
    expect(screen.getByRole('heading', { name: 'Available Projects' })).toBeTruthy();
    expect(await screen.findByText('No projects available')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Post New Project' })).toBeNull();
    const url = new URL(fetch.mock.calls[0]?.[0]?.url ?? 'http://none/');
    expect(url.pathname).toBe('/api/projects');
    expect(url.searchParams.get('country')).toBe('US');
  });

  it("has no 'View All Projects' link in the list with 5 or fewer", async () => {
    mockFetch().mockImplementation(projectsOnly(many(5), 5));
    render(<Dashboard user={makeUser({ role: 'contractor' })} country="" />);
    expect(await screen.findByText('Project 4')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View All Projects' })).toBeNull();
  });
});

describe('Dashboard verify-email banner (decision 0160)', () => {
  const BANNER = 'Please verify your email address. We sent a link to ann@example.com.';

  it('is there only while the email is not verified', () => {
    mockFetch().mockImplementation(projectsOnly([]));
    const { rerender } = render(<Dashboard user={makeUser({ emailVerified: false })} country="BS" />);
    expect(screen.getByText(BANNER)).toBeTruthy();
    rerender(<Dashboard user={makeUser({ emailVerified: true })} country="BS" />);
    expect(screen.queryByText(BANNER)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it("sends a new link with 'Resend' and shows the answer's message", async () => {
    const sent = 'We sent a new verification link to ann@example.com.';
    const fetch = mockFetch();
    fetch.mockImplementation(async (request) =>
      new URL(request.url).pathname === '/api/users/me/verification-email'
        ? jsonResponse(202, { message: sent })
        : projectsOnly([])(request),
    );
    render(<Dashboard user={makeUser({ emailVerified: false })} country="BS" />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(sent)).toHaveProperty('role', 'status');
    const resend = fetch.mock.calls.find(
      ([r]) => new URL(r.url).pathname === '/api/users/me/verification-email',
    );
    expect(resend?.[0].method).toBe('POST');
  });

  it('shows a refusal in the banner', async () => {
    const refusal = 'You asked for too many verification emails. Try again in an hour.';
    mockFetch().mockImplementation(async (request) =>
      new URL(request.url).pathname === '/api/users/me/verification-email'
        ? jsonResponse(429, { message: refusal, code: 'TOO_MANY_VERIFICATION_EMAILS' })
        : projectsOnly([])(request),
    );
    render(<Dashboard user={makeUser({ emailVerified: false })} country="BS" />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(refusal);
  });
});
