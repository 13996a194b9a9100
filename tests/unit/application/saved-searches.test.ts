import { describe, expect, it } from 'vitest';
import {
  ALERT_CHUNK,
  AlertSavedSearches,
  CreateSavedSearch,
  DeleteSavedSearch,
  UpdateSavedSearch,
} from '#application/saved-searches/index.ts';
import type { SavedSearchRepository, SearchMatch } from '#application/saved-searches/ports.ts';
import { notificationsForEvent } from '#domain/notification/notification.ts';
import {
  checkCanAddSavedSearch,
  DIGEST_INTERVAL_MS,
  digestDue,
  MAX_SAVED_SEARCHES,
  type SavedSearchSnapshot,
  savedSearchFilters,
  savedSearchName,
} from '#domain/project/saved-search.ts';
import type { SavedSearchMatched } from '#domain/shared/events.ts';
import { FakeClock, RecordingPublisher, SequentialIds } from '../../fakes/in-memory.ts';
import { aClient, aContractor } from '../../fakes/mothers.ts';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error('expected an error');
}

/** SavedSearchRepository in memory, with the matches of a project given by the test. */
class MemorySearches implements SavedSearchRepository {
  readonly rows: SavedSearchSnapshot[] = [];
  readonly digest: { projectId: string; userId: string; searchName: string }[] = [];
  matches: SearchMatch[] = [];

  async listByUser(userId: string) {
    return this.rows.filter((r) => r.userId === userId);
  }
  async find(id: string) {
    return this.rows.find((r) => r.id === id) ?? null;
  }
  async add(search: SavedSearchSnapshot, check: (kept: number) => void) {
    check(this.rows.filter((r) => r.userId === search.userId).length);
    this.rows.push(search);
  }
  async update(search: SavedSearchSnapshot) {
    this.rows.splice(
      this.rows.findIndex((r) => r.id === search.id),
      1,
      search,
    );
  }
  async remove(id: string) {
    this.rows.splice(
      this.rows.findIndex((r) => r.id === id),
      1,
    );
  }
  async matching() {
    return { projectTitle: 'Rainwater cistern', matches: this.matches };
  }
  async queueForDigest(projectId: string, users: { userId: string; searchName: string }[]) {
    for (const u of users) this.digest.push({ projectId, ...u });
  }
}

describe('saved search rules (domain)', () => {
  it('names are trimmed, inner spaces collapsed, 1 to 80 characters', () => {
    expect(savedSearchName('  Kitchens   in  BS ')).toBe('Kitchens in BS');
    expect(codeOf(() => savedSearchName('   '))).toBe('SAVED_SEARCH_NAME_REQUIRED');
    expect(savedSearchName('x'.repeat(80))).toHaveLength(80);
    expect(codeOf(() => savedSearchName('x'.repeat(81)))).toBe('SAVED_SEARCH_NAME_TOO_LONG');
  });

  it("keeps the browse filters as the list reads them: empty and 'all' mean none", () => {
    expect(savedSearchFilters({ q: ' tile ', country: 'bs', category: 'all', budget: '' })).toEqual({
      q: 'tile',
      country: 'BS',
    });
    expect(savedSearchFilters({ budget: '25k+' })).toEqual({ budget: '25k+' });
    expect(codeOf(() => savedSearchFilters({ budget: '10k' }))).toBe('UNKNOWN_BUDGET_BAND');
  });

  it(`allows at most ${MAX_SAVED_SEARCHES} per user`, () => {
    expect(() => checkCanAddSavedSearch(MAX_SAVED_SEARCHES - 1)).not.toThrow();
    expect(codeOf(() => checkCanAddSavedSearch(MAX_SAVED_SEARCHES))).toBe('SAVED_SEARCH_LIMIT');
  });

  it('sends a digest at most once a day', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(digestDue(null, now)).toBe(true);
    expect(digestDue(new Date(now.getTime() - DIGEST_INTERVAL_MS + 1), now)).toBe(false);
    expect(digestDue(new Date(now.getTime() - DIGEST_INTERVAL_MS), now)).toBe(true);
  });
});

describe('saved search use cases', () => {
  const clock = new FakeClock('2026-11-24T10:00:00Z');
  const me = aContractor('me');
  const other = aContractor('other');

  it('creates with instant alerts by default, refuses unknown alerts, and the 11th', async () => {
    const repo = new MemorySearches();
    const create = new CreateSavedSearch({ searches: repo, ids: new SequentialIds('s'), clock });
    expect(await create.execute(me, { name: 'Roofs', filters: { q: 'roof' } })).toMatchObject({
      userId: me.id,
      alerts: 'instant',
      filters: { q: 'roof' },
    });
    await expect(create.execute(me, { name: 'X', filters: {}, alerts: 'hourly' })).rejects.toMatchObject({
      code: 'UNKNOWN_ALERTS',
    });
    for (let i = 2; i <= MAX_SAVED_SEARCHES; i++) await create.execute(me, { name: `S${i}`, filters: {} });
    await expect(create.execute(me, { name: 'S11', filters: {} })).rejects.toMatchObject({
      code: 'SAVED_SEARCH_LIMIT',
    });
    expect(repo.rows).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it('only the owner changes or deletes a search; for others it does not exist', async () => {
    const repo = new MemorySearches();
    const search = await new CreateSavedSearch({
      searches: repo,
      ids: new SequentialIds('s'),
      clock,
    }).execute(me, {
      name: 'Roofs',
      filters: {},
    });
    await expect(
      new UpdateSavedSearch({ searches: repo, clock }).execute(other, search.id, { name: 'x' }),
    ).rejects.toMatchObject({ code: 'SAVED_SEARCH_NOT_FOUND' });
    await expect(new DeleteSavedSearch({ searches: repo }).execute(other, search.id)).rejects.toMatchObject({
      code: 'SAVED_SEARCH_NOT_FOUND',
    });
    expect(
      await new UpdateSavedSearch({ searches: repo, clock }).execute(me, search.id, { alerts: 'daily' }),
    ).toMatchObject({
      alerts: 'daily',
      name: 'Roofs',
    });
    await new DeleteSavedSearch({ searches: repo }).execute(me, search.id);
    expect(repo.rows).toEqual([]);
  });

  it('tells each user once per project; instant wins, otherwise the project waits for the digest', async () => {
    const repo = new MemorySearches();
    repo.matches = [
      { searchId: 'a', userId: 'u1', name: 'Daily roofs', alerts: 'daily' },
      { searchId: 'b', userId: 'u1', name: 'Instant roofs', alerts: 'instant' },
      { searchId: 'c', userId: 'u2', name: 'Cisterns', alerts: 'daily' },
    ];
    const events = new RecordingPublisher();
    const told = await new AlertSavedSearches({ searches: repo, events, clock }).execute({
      type: 'project_posted',
      occurredAt: clock.now(),
      projectId: 'p1',
      ownerId: aClient().id,
      services: [],
      country: 'BS',
    });
    expect(told).toBe(2);
    const [event] = events.published as SavedSearchMatched[];
    expect(event?.recipients).toEqual([
      { userId: 'u1', searchName: 'Instant roofs', alerts: 'instant' },
      { userId: 'u2', searchName: 'Cisterns', alerts: 'daily' },
    ]);
    expect(repo.digest).toEqual([{ projectId: 'p1', userId: 'u2', searchName: 'Cisterns' }]);
    expect(notificationsForEvent(event as SavedSearchMatched).map((n) => [n.userId, n.message])).toEqual([
      ['u1', '“Rainwater cistern” matches your saved search “Instant roofs”.'],
      ['u2', '“Rainwater cistern” matches your saved search “Cisterns”.'],
    ]);
  });

  it(`tells many users in events of at most ${ALERT_CHUNK}, and ignores other events`, async () => {
    const repo = new MemorySearches();
    repo.matches = Array.from({ length: ALERT_CHUNK + 1 }, (_, i) => ({
      searchId: `s${i}`,
      userId: `u${i}`,
      name: 'Roofs',
      alerts: 'instant' as const,
    }));
    const events = new RecordingPublisher();
    const alert = new AlertSavedSearches({ searches: repo, events, clock });
    const posted = {
      type: 'project_posted' as const,
      occurredAt: clock.now(),
      projectId: 'p1',
      ownerId: 'o',
      services: [],
      country: 'BS',
    };
    expect(await alert.execute(posted)).toBe(ALERT_CHUNK + 1);
    expect((events.published as SavedSearchMatched[]).map((e) => e.recipients.length)).toEqual([
      ALERT_CHUNK,
      1,
    ]);
    expect(
      await alert.execute({ ...posted, type: 'project_phase_changed', from: 'a', to: 'b' } as never),
    ).toBe(0);
  });
});
