// @vitest-environment jsdom
import type { ProjectQuestion } from '@buildbid/api-client';
import { makeProject } from '@buildbid/test-kit/fixtures';
import { jsonResponse, makeUser, routeFetch } from '@buildbid/test-kit/helpers';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionsSection } from '../components/QuestionsSection.tsx';
import { shellMocks } from '../testing.ts';
import { ProjectDetailPage } from './ProjectDetailPage.tsx';

const VIEWER = makeUser({ id: 'viewer-1', role: 'contractor' });

function setup(id: string) {
  const props = { path: `/projects/${id}`, search: '', user: VIEWER, country: 'BS', ...shellMocks() };
  render(<ProjectDetailPage {...props} user={VIEWER} id={id} />);
  return props;
}

function question(overrides: Partial<ProjectQuestion>): ProjectQuestion {
  return {
    id: 'q1',
    projectId: 'p1',
    kind: 'question',
    question: 'Is the old tile to be removed?',
    answer: null,
    askerName: null,
    showAsker: false,
    mine: false,
    hidden: false,
    createdAt: '2026-11-22T15:04:05.000Z',
    answeredAt: null,
    ...overrides,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProjectDetailPage', () => {
  it.each([
    ['a malformed id, which the API answers 400', 400, 'VALIDATION_FAILED'],
    ['an unknown id', 404, 'PROJECT_NOT_FOUND'],
  ])("shows 'Project Not Found' for %s, not an error with Try again", async (_, status, code) => {
    routeFetch({
      'GET /api/projects/abc': jsonResponse(status, { message: 'Id must be a valid id', code, field: 'id' }),
    });
    setup('abc');
    expect(await screen.findByRole('heading', { name: 'Project Not Found' })).toBeTruthy();
    expect(screen.getByText("The project you're looking for doesn't exist.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('still offers Try again when the server fails (a 500 is no answer about the project)', async () => {
    routeFetch({
      'GET /api/projects/p1': jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' }),
    });
    setup('p1');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Project Not Found' })).toBeNull();
  });

  it('shows each badge once: Completed, Residential, and one chip per service (decision 0196)', async () => {
    const project = makeProject({
      status: 'completed',
      currentPhase: 'completed',
      projectType: 'residential',
      category: 'Residential',
      services: ['tile', 'tile_work', 'plumbing'],
      takingBids: false,
    });
    routeFetch({
      'GET /api/projects/p1': project,
      'GET /api/projects/p1/addenda': [],
      'GET /api/projects/p1/questions': [],
    });
    setup('p1');
    const article = await screen.findByRole('article', { name: 'Kitchen renovation' });
    expect(within(article).getAllByText('Completed')).toHaveLength(1);
    expect(within(article).getAllByText('Residential')).toHaveLength(1);
    const services = screen.getByRole('heading', { name: 'Services Required' }).nextElementSibling;
    expect([...(services?.children ?? [])].map((c) => c.textContent)).toEqual(['Tile', 'Plumbing']);
  });

  it('keeps the phase badge where it says something else than the status', async () => {
    routeFetch({
      'GET /api/projects/p1': makeProject({ status: 'active', currentPhase: 'awarded', takingBids: false }),
      'GET /api/projects/p1/addenda': [],
      'GET /api/projects/p1/questions': [],
    });
    setup('p1');
    const article = await screen.findByRole('article', { name: 'Kitchen renovation' });
    expect(within(article).getByText('Active')).toBeTruthy();
    expect(within(article).getByText('Awarded')).toBeTruthy();
  });
});

describe('QuestionsSection', () => {
  it("says 'asked by you' on the asker's own question, 'asked by a bidder' on another's (decision 0196)", async () => {
    routeFetch({
      'GET /api/projects/p1/questions': [
        question({ id: 'q1', mine: true }),
        question({ id: 'q2', question: 'May we visit on Saturday?' }),
        question({ id: 'q3', question: 'Is parking available?', askerName: 'Rita Tester', showAsker: true }),
      ],
    });
    render(
      <QuestionsSection
        projectId="p1"
        user={VIEWER}
        isOwner={false}
        takingBids={false}
        reloadKey={0}
        toast={vi.fn()}
        navigate={vi.fn()}
      />,
    );
    const own = await screen.findByText(/Is the old tile to be removed\?/);
    expect(own.textContent).toContain('asked by you');
    expect(own.textContent).not.toContain('a bidder');
    expect(screen.getByText(/May we visit on Saturday\?/).textContent).toContain('asked by a bidder');
    expect(screen.getByText(/Is parking available\?/).textContent).toContain('asked by Rita Tester');
  });
});
