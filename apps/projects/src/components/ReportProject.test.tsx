// @vitest-environment jsdom
import { jsonResponse, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportProject } from './ReportProject.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REPORT = {
  id: 'r1',
  targetType: 'project',
  targetId: 'p1',
  reason: 'scam',
  createdAt: '2027-03-25T10:00:00.000Z',
};

/** Decision 0221: reporting a project from its page. */
describe('ReportProject', () => {
  it("reports with a reason, then shows 'Reported' and thanks the reporter", async () => {
    const fetch = routeFetch({
      'GET /api/users/me/reports': [],
      'POST /api/reports': jsonResponse(201, REPORT),
    });
    const toast = vi.fn();
    render(<ReportProject projectId="p1" toast={toast} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this project' });
    // 'Fake review' is for reviews only.
    expect(within(dialog).queryByRole('radio', { name: 'Fake review' })).toBeNull();
    const submit = within(dialog).getByRole('button', { name: 'Report' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Anything to add? (optional)' }), {
      target: { value: 'Wire only' },
    });
    fireEvent.click(submit);

    expect(await screen.findByText('Reported')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toast).toHaveBeenCalledWith({
      title: 'Reported',
      description: "Thank you. We'll let you know what we decide.",
    });
    const sent = fetch.mock.calls.map(([r]) => r).find((r) => r.method === 'POST');
    expect(await sent?.json()).toEqual({
      targetType: 'project',
      targetId: 'p1',
      reason: 'scam',
      details: 'Wire only',
    });
    expect(requestsOf(fetch)).toContain('GET /api/users/me/reports?targetType=project');
  });

  it("needs words for 'Other', and shows the server's refusal in the dialog", async () => {
    routeFetch({
      'GET /api/users/me/reports': [],
      'POST /api/reports': jsonResponse(409, {
        message: 'You already reported this. We will tell you when it is decided.',
        code: 'ALREADY_REPORTED',
      }),
    });
    render(<ReportProject projectId="p1" toast={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report project' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const submit = within(dialog).getByRole('button', { name: 'Report' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /What is wrong\?/ }), {
      target: { value: 'Posted twice' },
    });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You already reported this. We will tell you when it is decided.',
    );
  });

  it("shows 'Reported' at once for a project the caller reported already", async () => {
    routeFetch({ 'GET /api/users/me/reports': [REPORT] });
    render(<ReportProject projectId="p1" toast={vi.fn()} />);
    await waitFor(() => expect(screen.getByText('Reported')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Report project' })).toBeNull();
  });
});
