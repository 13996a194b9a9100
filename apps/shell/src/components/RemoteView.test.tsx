// @vitest-environment jsdom
import type { RemoteModule, RemoteProps } from '@buildbid/api-client';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemoteView } from './RemoteView.tsx';

const props: RemoteProps = {
  path: '/projects',
  search: '',
  user: null,
  country: '',
  navigate: () => {},
  refreshUser: async () => {},
  toast: () => {},
};

const working: RemoteModule = { default: ({ path }) => <h1>Remote at {path}</h1> };

describe('RemoteView', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the spinner, then the remote with the shell props', async () => {
    render(<RemoteView name="projects" props={props} load={async () => working} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Remote at /projects' })).toBeTruthy();
  });

  it('renders a remote that was already loaded (early.ts) at once, without the spinner', () => {
    const load = Object.assign(async () => working, { loaded: () => working });
    render(<RemoteView name="projects" props={props} load={load} />);
    expect(screen.getByRole('heading', { name: 'Remote at /projects' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('shows an error panel when loading fails, and Try again loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<(name: string, retry: boolean) => Promise<RemoteModule>>()
      .mockRejectedValueOnce(new Error('ScriptExternalLoadError'))
      .mockResolvedValueOnce(working);
    render(<RemoteView name="projects" props={props} load={load} />);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain("This section didn't load");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Remote at /projects' })).toBeTruthy();
    expect(load.mock.calls).toEqual([
      ['projects', false],
      ['projects', true],
    ]);
  });

  it('catches a render error of the remote in the same panel', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken: RemoteModule = {
      default: () => {
        throw new Error('boom');
      },
    };
    render(<RemoteView name="bids" props={props} load={async () => broken} />);
    expect((await screen.findByRole('alert')).textContent).toContain("This section didn't load");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
