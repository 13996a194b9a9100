// @vitest-environment jsdom
import type { Project } from '@buildbid/api-client';
import { makeProject } from '@buildbid/test-kit/fixtures';
import { jsonResponse, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectProgress } from './ProjectProgress.tsx';

const awarded = (overrides = {}) =>
  makeProject({ id: 'p1', currentPhase: 'awarded', awardedContractorId: 'c1', ...overrides });

/** The card for `project`, its callbacks mocks nobody asserts on. */
function renderProgress(project: Project, isOwner = true) {
  render(
    <ProjectProgress
      project={project}
      isOwner={isOwner}
      onChanged={vi.fn()}
      toast={vi.fn()}
      navigate={vi.fn()}
    />,
  );
}

describe('Project Progress (decision 0183)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks before each step and moves the project on only after the confirmation', async () => {
    const fetch = routeFetch({
      'POST /api/projects/p1/phase': () => jsonResponse(200, awarded({ currentPhase: 'in_progress' })),
    });
    const onChanged = vi.fn();
    const toast = vi.fn();
    render(
      <ProjectProgress project={awarded()} isOwner onChanged={onChanged} toast={toast} navigate={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start Work' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start the work?' });
    expect(dialog.textContent).toContain('the contractor is told');
    expect(requestsOf(fetch)).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Start Work' }).at(-1) as HTMLElement);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const post = fetch.mock.calls.map(([r]) => r).find((r) => r.method === 'POST');
    expect(await post?.clone().json()).toEqual({ phase: 'in_progress' });
    expect(toast).toHaveBeenCalledWith({ title: 'Success', description: 'Project moved to In Progress' });
  });

  it('offers the next step by phase, and nothing to a non-owner or before the award', () => {
    renderProgress(awarded({ currentPhase: 'in_progress' }));
    expect(screen.getByRole('button', { name: 'Send for Review' })).toBeTruthy();
    cleanup();
    renderProgress(awarded({ currentPhase: 'review' }));
    expect(screen.getByRole('button', { name: 'Mark Completed' })).toBeTruthy();
    cleanup();
    renderProgress(awarded(), false);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    renderProgress(makeProject({ currentPhase: 'bidding' }));
    expect(screen.queryByRole('heading', { name: 'Project Progress' })).toBeNull();
  });

  it('takes one review after completion, and then shows it instead of the button', async () => {
    const fetch = routeFetch({ 'POST /api/projects/p1/reviews': () => jsonResponse(201, {}) });
    const done = awarded({ currentPhase: 'completed', status: 'completed' });
    const onChanged = vi.fn();
    render(
      <ProjectProgress project={done} isOwner onChanged={onChanged} toast={vi.fn()} navigate={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Review contractor' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Choose a rating from 1 to 5 stars')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: 'Tidy work.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const post = fetch.mock.calls.map(([r]) => r).find((r) => r.method === 'POST');
    expect(await post?.clone().json()).toEqual({ rating: 4, comment: 'Tidy work.' });
    cleanup();
    const reviewed = {
      ...done,
      review: { rating: 4, comment: 'Tidy work.', createdAt: '2026-11-24T10:00:00.000Z' },
    };
    renderProgress(reviewed);
    expect(screen.queryByRole('button', { name: 'Review contractor' })).toBeNull();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('Tidy work.')).toBeTruthy();
  });
});
