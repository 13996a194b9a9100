// @vitest-environment jsdom
import type { RemoteProps } from '@buildbid/api-client';
import { makeProject } from '@buildbid/test-kit/fixtures';
import { makeUser, mockFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellMocks } from '../testing.ts';
import {
  BrowsePage,
  readBrowseCursor,
  readBrowseFilters,
  toQuery,
  writeBrowseSearch,
} from './BrowsePage.tsx';

function answer(projects: unknown[], total = projects.length) {
  return new Response(JSON.stringify(projects), {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
  });
}

function setup(search = '', country = 'BS') {
  const user = makeUser({ role: 'contractor' });
  const props = { path: '/projects', search, user, country, ...shellMocks() } satisfies RemoteProps;
  render(<BrowsePage {...props} user={user} />);
  return props;
}

describe('BrowsePage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('builds the request from the filters; all countries is an empty value', () => {
    expect(toQuery(readBrowseFilters('', ''))).toEqual({ country: '' });
    expect(toQuery(readBrowseFilters('?category=Residential&country=US&budget=5k-25k&q=roof', 'BS'))).toEqual(
      {
        country: 'US',
        category: 'Residential',
        budget: '5k-25k',
        q: 'roof',
      },
    );
    expect(readBrowseFilters('', 'BS').country).toBe('BS');
  });

  it('shows skeletons, then the cards and the count', async () => {
    const fetch = mockFetch();
    fetch.mockResolvedValue(answer([makeProject(), makeProject({ id: 'p2', title: 'Deck' })], 2));
    setup();
    expect(document.querySelectorAll('.skeleton-card').length).toBeGreaterThan(0);
    expect(await screen.findByText('2 projects found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Deck' })).toBeTruthy();
    const url = new URL(fetch.mock.calls[0]?.[0]?.url ?? 'http://none/');
    expect(url.searchParams.get('country')).toBe('BS');
  });

  it("says 'No projects found' and clears the filters", async () => {
    const fetch = mockFetch();
    fetch.mockImplementation(async () => answer([]));
    setup('?category=Industrial');
    expect(await screen.findByText('No projects found')).toBeTruthy();
    expect(screen.getByText('0 projects found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => {
      const last = new URL(fetch.mock.calls.at(-1)?.[0]?.url ?? 'http://none/');
      expect(last.searchParams.get('category')).toBeNull();
      expect(last.searchParams.get('country')).toBe('');
    });
  });

  it("offers 'Did you mean' as a link to the corrected search, with the same filters (decision 0214)", async () => {
    const fetch = mockFetch();
    fetch.mockImplementation(async (request: Request) => {
      const q = new URL(request.url).searchParams.get('q');
      if (q === 'kitchn flor') {
        return new Response('[]', {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'x-total-count': '0',
            'x-did-you-mean': encodeURIComponent('kitchen floor'),
          },
        });
      }
      return answer([]);
    });
    setup('?q=kitchn+flor&category=Residential');
    expect(await screen.findByText('No projects found')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'kitchen floor' });
    expect(link.closest('p')?.textContent).toBe('Did you mean kitchen floor?');
    expect(link.getAttribute('href')).toBe('/projects?q=kitchen+floor&category=Residential');
  });

  it("shows no 'Did you mean' when the API suggests nothing", async () => {
    mockFetch().mockImplementation(async () => answer([]));
    setup('?q=zzqx');
    expect(await screen.findByText('No projects found')).toBeTruthy();
    expect(screen.queryByText(/Did you mean/)).toBeNull();
  });

  it('keeps q, country, category, budget and cursor in the address, and reads them back', () => {
    const f = { q: 'kitchen tile', country: 'all', category: 'Residential', budget: '5k-25k' };
    const search = writeBrowseSearch(f, 'BS', 'abc');
    expect(search).toBe('?q=kitchen+tile&country=&category=Residential&budget=5k-25k&cursor=abc');
    expect(readBrowseFilters(search, 'BS')).toEqual(f);
    expect(readBrowseCursor(search)).toBe('abc');
    // The header's country is the default and is not written.
    expect(writeBrowseSearch({ q: '', country: 'BS', category: 'all', budget: 'all' }, 'BS', null)).toBe('');
  });

  it('writes a filter change to the address, and follows the address on Back', async () => {
    const fetch = mockFetch();
    fetch.mockImplementation(async () => answer([]));
    const user = makeUser({ role: 'client' });
    const props = { path: '/projects', user, country: 'BS', ...shellMocks() };
    const view = render(<BrowsePage {...props} search="?category=Residential" />);
    await screen.findByText('0 projects found');
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() =>
      expect(props.navigate).toHaveBeenCalledWith('/projects?country=', { replace: false }),
    );
    // Back to the earlier address: the list asks for it again.
    view.rerender(<BrowsePage {...props} search="?category=Commercial" />);
    await waitFor(() => {
      const last = new URL(fetch.mock.calls.at(-1)?.[0]?.url ?? 'http://none/');
      expect(last.searchParams.get('category')).toBe('Commercial');
    });
  });
});
