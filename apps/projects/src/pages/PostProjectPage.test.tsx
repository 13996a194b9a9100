// @vitest-environment jsdom
import type { RemoteProps } from '@buildbid/api-client';
import { jsonResponse, makeUser, mockFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { townSuggestions } from '../components/TownField.tsx';
import { REQUIRED_MESSAGES, shellMocks, toasted } from '../testing.ts';
import { PostProjectPage } from './PostProjectPage.tsx';

function setup(search = '', user = makeUser()) {
  const props = { path: '/post-project', search, user, country: 'BS', ...shellMocks() } satisfies RemoteProps;
  render(<PostProjectPage {...props} />);
  return props;
}

const MB = 1024 * 1024;

describe('PostProjectPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('renders the eight sections in order', () => {
    setup();
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent?.replace(/^\d/, ''));
    expect(headings).toEqual([
      'Basic Information',
      'Project Stage',
      'Contractor needs',
      'Construction Phases',
      'Location',
      'Budget & Timeline',
      'Documents & Images',
      'Tags',
    ]);
    expect(screen.getByRole('button', { name: 'Auto-Fill' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test Submit' })).toBeTruthy();
  });

  it('names the services a needs change drops, keeps the notice in view, and names them when they return', () => {
    setup();
    const tick = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name }));
    const summary = () => screen.getAllByRole('status').find((s) => s.classList.contains('services-summary'));
    tick('Labor & Materials');
    tick('Site & Demolition');
    expect(summary()?.textContent).toContain('Services to be posted (4)');
    tick('Supply Only');
    expect(summary()?.textContent).toContain(
      'Your contractor needs removed 2 services: Demolition, Site Work.',
    );
    expect(summary()?.textContent).toContain('Services to be posted (2): Concrete, Excavation.');
    // A change that drops nothing more leaves the notice as it was.
    tick('Labor & Materials');
    expect(summary()?.textContent).toContain('Your contractor needs removed 2 services');
    tick('Supply Only');
    expect(summary()?.textContent).toContain('Added back: Demolition, Site Work.');
    expect(summary()?.textContent).toContain('Services to be posted (4)');
  });

  it('shows every required message and the toast on an empty submit', async () => {
    const fetch = mockFetch();
    const props = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Post Project' }));
    // Every required field but the country, which starts as the Bahamas.
    for (const text of REQUIRED_MESSAGES.slice(0, -1)) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(props.toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Please complete required fields', variant: 'destructive' }),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads stage, phases and needs from the query string and writes changes back', () => {
    const props = setup('?stage=permit_approved&phases=envelope_roofing&needs=labor_only');
    expect((screen.getByRole('radio', { name: 'Permit Approved' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Envelope & Roofing' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('checkbox', { name: 'Labor Only' }) as HTMLInputElement).checked).toBe(true);
    // Required-upload hints for permit_approved with the roofing phase.
    expect(screen.getByText('Plan set (PDF)')).toBeTruthy();
    expect(screen.getByText('Roof plan')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Interiors' }));
    expect(props.navigate).toHaveBeenLastCalledWith(
      '/post-project?stage=permit_approved&phases=envelope_roofing,interiors&needs=labor_only',
      { replace: true },
    );
  });

  it('adds a phase’s services, filtered by needs, and removes them when unchecked', () => {
    setup('?needs=labor_only');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Site & Demolition' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fine-tune services' }));
    expect((screen.getByRole('checkbox', { name: 'Demolition' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Site Work' }) as HTMLInputElement).checked).toBe(true);
    // labor_only hides materials (concrete) and equipment rental (excavation).
    expect(screen.queryByRole('checkbox', { name: 'Concrete' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Excavation' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Site & Demolition' }));
    expect(screen.queryByRole('checkbox', { name: 'Demolition' })).toBeNull();
  });

  it('shows the shell_complete hints', () => {
    setup('?stage=shell_complete');
    expect(screen.getByText('Photos of current state')).toBeTruthy();
    expect(screen.getByText('Basic measurements')).toBeTruthy();
  });

  it('adds tags with Enter: trimmed, no duplicates, at most 5', () => {
    setup();
    const input = screen.getByLabelText('Add a tag');
    const add = (v: string) => {
      fireEvent.change(input, { target: { value: v } });
      fireEvent.keyDown(input, { key: 'Enter' });
    };
    add('  pool ');
    add('pool');
    add('   ');
    expect(screen.getAllByText(/^#/).map((t) => t.textContent?.replace('×', ''))).toEqual(['#pool']);
    for (const t of ['a', 'b', 'c', 'd', 'e']) add(t);
    expect(screen.getAllByText(/^#/)).toHaveLength(5);
    expect(screen.getByText('5/5 tags')).toBeTruthy();
  });

  it("toasts 'File too large' and 'Too many files'", () => {
    const props = setup();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 81 * MB });
    fireEvent.change(input, { target: { files: [big] } });
    expect(props.toast).toHaveBeenCalledWith({
      title: 'File too large',
      description: 'huge.pdf exceeds 80MB limit',
      variant: 'destructive',
    });
    const six = Array.from({ length: 6 }, (_, i) => new File(['x'], `p${i}.png`, { type: 'image/png' }));
    fireEvent.change(input, { target: { files: six } });
    expect(props.toast).toHaveBeenCalledWith({
      title: 'Too many files',
      description: 'Maximum 5 files allowed',
      variant: 'destructive',
    });
  });

  it('posts multipart projectData and goes to the new project', async () => {
    const fetch = mockFetch();
    fetch.mockResolvedValue(jsonResponse(201, { id: 'new-1' }));
    const props = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Test Submit' }));
    await waitFor(() => expect(props.navigate).toHaveBeenCalledWith('/projects/new-1'));
    const request = fetch.mock.calls[0]?.[0] as Request;
    expect(request.method).toBe('POST');
    const form = await request.formData();
    const data = JSON.parse(String(form.get('projectData')));
    expect(data.title).toMatch(/^\[Test data\] /);
    expect(data).toMatchObject({
      category: 'Renovation',
      country: 'BS',
      projectType: 'general_contractor',
    });
    expect(props.toast).toHaveBeenCalledWith({
      title: 'Success!',
      description: 'Your project has been posted successfully!',
    });
  });

  it("shows '{status}: {message}' when posting fails, and 'Please log in again' on 401", async () => {
    const fetch = mockFetch();
    fetch.mockResolvedValueOnce(jsonResponse(400, { message: 'Title is too long', code: 'X' }));
    const props = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Test Submit' }));
    await toasted(props.toast, {
      title: 'Error',
      description: '400: Title is too long',
      variant: 'destructive',
    });
    fetch.mockResolvedValueOnce(jsonResponse(401, { message: 'Unauthorized', code: 'UNAUTHENTICATED' }));
    fireEvent.click(screen.getByRole('button', { name: 'Test Submit' }));
    await toasted(props.toast, {
      title: 'Unauthorized',
      description: 'Please log in again',
      variant: 'destructive',
    });
    await waitFor(() => expect(props.navigate).toHaveBeenCalledWith('/api/login'));
  });

  it('suggests the island’s towns, takes any other town, and shows a refused town under its field', async () => {
    expect(townSuggestions('BS', 'Exuma')).toEqual(['George Town', 'Staniel Cay']);
    expect(townSuggestions('BS', '')).toContain('Marsh Harbour');
    expect(townSuggestions('US', '')).toEqual([]);
    const fetch = mockFetch();
    fetch.mockResolvedValueOnce(
      jsonResponse(400, {
        message: "'1234' is not a town name: use letters",
        code: 'INVALID_CITY',
        field: 'city',
      }),
    );
    setup();
    const town = screen.getByRole('combobox', { name: 'City / Town' });
    fireEvent.change(town, { target: { value: 'Spanish Wells' } });
    expect((town as HTMLInputElement).value).toBe('Spanish Wells');
    fireEvent.click(screen.getByRole('button', { name: 'Test Submit' }));
    expect(await screen.findByText("'1234' is not a town name: use letters")).toBeTruthy();
    expect(town.getAttribute('aria-invalid')).toBe('true');
  });

  it("offers the catalogue's categories, required and labelled, and posts the one chosen (decision 0182)", async () => {
    const fetch = mockFetch();
    fetch.mockResolvedValue(jsonResponse(201, { id: 'new-2' }));
    const props = setup('?stage=permit_approved&phases=envelope_roofing&needs=labor_only');
    fireEvent.change(screen.getByRole('textbox', { name: /Project Title/ }), {
      target: { value: 'New roof for a cottage' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Description/ }), {
      target: { value: 'Replace the shingle roof with standing-seam metal.' },
    });
    // Without a category the form asks for one and posts nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Post Project' }));
    expect(await screen.findByText('Please select a category')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    const category = screen.getByRole('button', { name: /Category/ });
    expect(category.textContent).toContain('Select a category');
    fireEvent.click(category);
    const offered = screen.getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual([
      'Construction',
      'Residential',
      'Commercial',
      'Industrial',
      'Infrastructure',
      'Renovation',
      'Interior',
      'Exterior',
      'Other',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Residential' }));
    expect(screen.queryByText('Please select a category')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Post Project' }));
    await waitFor(() => expect(props.navigate).toHaveBeenCalledWith('/projects/new-2'));
    const request = fetch.mock.calls[0]?.[0] as Request;
    const form = await request.formData();
    expect(JSON.parse(String(form.get('projectData'))).category).toBe('Residential');
  });

  it('offers no Auto-Fill or Test Submit in a production build', () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      setup();
      expect(screen.getByRole('button', { name: 'Post Project' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Auto-Fill' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Test Submit' })).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('warns a visitor and goes to the login endpoint after 1 s, still rendering the form', async () => {
    vi.useFakeTimers();
    const props = setup('', null as never);
    expect(screen.getByRole('heading', { level: 1, name: 'Post a New Project' })).toBeTruthy();
    expect(props.toast).toHaveBeenCalledWith({
      title: 'Authentication Required',
      description: 'Please log in to post a project',
      variant: 'destructive',
    });
    vi.advanceTimersByTime(999);
    expect(props.navigate).not.toHaveBeenCalledWith('/api/login');
    vi.advanceTimersByTime(1);
    expect(props.navigate).toHaveBeenCalledWith('/api/login');
  });
});
