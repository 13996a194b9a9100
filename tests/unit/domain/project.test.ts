import { describe, expect, it } from 'vitest';
import { notificationsForEvent } from '#domain/notification/notification.ts';
import { biddingClosedReason } from '#domain/project/phase.ts';
import { type EditProjectChanges, Project, type ProjectDetailsInput } from '#domain/project/project.ts';
import { ConflictError, PermissionError, TooLargeError, ValidationError } from '#domain/shared/errors.ts';
import {
  aBid,
  aClient,
  aContractor,
  aFile,
  anAdmin,
  aProject,
  DAY,
  files,
  NOW,
  validProjectInput,
} from '../../fakes/mothers.ts';

const owner = aClient();

function post(overrides: ProjectDetailsInput = {}, extra: { files?: ReturnType<typeof files> } = {}) {
  return Project.post({
    ...validProjectInput(overrides),
    id: 'p1',
    owner,
    now: NOW,
    files: extra.files ?? [],
  });
}

function errorOf(fn: () => unknown): { code: string; message: string; name: string } {
  try {
    fn();
  } catch (e) {
    return e as { code: string; message: string; name: string };
  }
  throw new Error('expected an error');
}

describe('Project.post', () => {
  it('publishes: a posted project is active, in the bidding phase, with no accepted bid', () => {
    const { project, events } = post();
    const s = project.toSnapshot();
    expect(s.status).toBe('active');
    expect(s.currentPhase).toBe('bidding');
    expect(s.phaseStartDate).toEqual(NOW);
    expect(s.acceptedBidId).toBeNull();
    expect(s.clientId).toBe(owner.id);
    expect(s.budgetMinCents).toBe(500000);
    expect(s.budgetMaxCents).toBe(2000000);
    expect(events).toEqual([
      expect.objectContaining({ type: 'project_posted', projectId: 'p1', ownerId: owner.id, country: 'BS' }),
    ]);
  });

  it('lets only clients post', () => {
    for (const actor of [aContractor(), anAdmin(), aClient('v', { role: 'vendor' })]) {
      const e = errorOf(() => Project.post({ ...validProjectInput(), id: 'p', owner: actor, now: NOW }));
      expect(e).toBeInstanceOf(PermissionError);
      expect(e.code).toBe('CLIENTS_ONLY');
    }
  });

  it.each<[string, ProjectDetailsInput, string, string]>([
    ['title < 5', { title: ' abcd ' }, 'TITLE_TOO_SHORT', 'Title must be at least 5 characters'],
    ['title > 255', { title: 'x'.repeat(256) }, 'TITLE_TOO_LONG', 'Title must be at most 255 characters'],
    [
      'description < 20',
      { description: 'too short' },
      'DESCRIPTION_TOO_SHORT',
      'Description must be at least 20 characters',
    ],
    ['description huge', { description: 'x'.repeat(10_001) }, 'DESCRIPTION_TOO_LONG', 'at most 10000'],
    ['no stage', { projectStage: null }, 'STAGE_REQUIRED', 'Please select a project stage'],
    ['unknown stage', { projectStage: 'dreaming' }, 'UNKNOWN_STAGE', "Unknown project stage 'dreaming'"],
    ['no needs', { contractorNeeds: [] }, 'NEEDS_REQUIRED', 'Please select at least one contractor need'],
    ['unknown need', { contractorNeeds: ['magic'] }, 'UNKNOWN_CONTRACTOR_NEED', "'magic'"],
    ['no phases', { phases: [] }, 'PHASES_REQUIRED', 'Please select at least one construction phase'],
    ['unknown phase', { phases: ['roof'] }, 'UNKNOWN_PHASE', "'roof'"],
    ['no country', { country: '  ' }, 'COUNTRY_REQUIRED', 'Please select a country'],
    ['unknown country', { country: 'ZZ' }, 'UNKNOWN_COUNTRY', "'ZZ'"],
    ['unknown island', { island: 'Atlantis', city: null }, 'UNKNOWN_ISLAND', "Unknown island 'Atlantis'"],
    ['a town with no letters', { island: null, city: '1234' }, 'INVALID_CITY', "'1234' is not a town name"],
    ['min > max', { budgetMin: 9000, budgetMax: 100 }, 'BUDGET_RANGE_INVALID', 'cannot be greater'],
    ['budget 3 decimals', { budgetMin: '10.123' }, 'MONEY_TOO_PRECISE', 'at most 2 decimal places'],
    ['negative budget', { budgetMax: -1 }, 'INVALID_MONEY', 'non-negative'],
    [
      'bid deadline past',
      { bidDeadline: new Date(NOW.getTime() - 1) },
      'BID_DEADLINE_IN_PAST',
      'in the past',
    ],
    ['deadline past', { deadline: new Date(NOW.getTime() - DAY) }, 'DEADLINE_IN_PAST', 'in the past'],
    [
      'deadline before bid deadline',
      { bidDeadline: new Date(NOW.getTime() + 5 * DAY), deadline: new Date(NOW.getTime() + DAY) },
      'DEADLINE_BEFORE_BID_DEADLINE',
      'before the bid deadline',
    ],
    ['invalid date', { deadline: new Date('nope') }, 'INVALID_DATE', 'not a valid date'],
    ['empty tag', { tags: ['a', '  '] }, 'EMPTY_TAG', 'Tags cannot be empty'],
    ['duplicate tag', { tags: ['Pool', ' pool '] }, 'DUPLICATE_TAG', "Duplicate tag 'pool'"],
    ['6 tags', { tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'TOO_MANY_TAGS', 'At most 5 tags allowed'],
    ['long tag', { tags: ['x'.repeat(51)] }, 'TAG_TOO_LONG', 'at most 50'],
    ['unknown service', { services: ['juggling'] }, 'UNKNOWN_SERVICE', "'juggling'"],
    ['unknown service phase', { servicePhases: ['attic'] }, 'UNKNOWN_SERVICE_PHASE', "'attic'"],
    ['unknown project type', { projectType: 'castle' }, 'UNKNOWN_PROJECT_TYPE', "'castle'"],
    ['long category', { category: 'c'.repeat(101) }, 'TEXT_TOO_LONG', 'at most 100'],
    ['long location', { location: 'l'.repeat(256) }, 'TEXT_TOO_LONG', 'at most 255'],
  ])('refuses %s', (_name, overrides, code, message) => {
    const e = errorOf(() => post(overrides));
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.code).toBe(code);
    expect(e.message).toContain(message);
  });

  it('trims text, de-duplicates lists and defaults category and generalContractor', () => {
    const s = post({
      title: '  Deck build  ',
      tags: [' deck ', 'wood'],
      contractorNeeds: ['site_visit', 'site_visit'],
      phases: ['exterior_landscape', 'exterior_landscape'],
      services: ['decking', 'decking', 'deck_patio'],
      servicePhases: ['outdoor'],
      projectType: 'general_contractor',
    }).project.toSnapshot();
    expect(s.title).toBe('Deck build');
    expect(s.tags).toEqual(['deck', 'wood']);
    expect(s.contractorNeeds).toEqual(['site_visit']);
    expect(s.phases).toEqual(['exterior_landscape']);
    expect(s.services).toEqual(['decking', 'deck_patio']);
    expect(s.category).toBe('Construction');
    expect(s.generalContractor).toBe(false);
    expect(s.projectType).toBe('general_contractor');
  });

  it('defaults the country to BS and derives a location from city, island and country', () => {
    const input = validProjectInput();
    delete input.country;
    const s = Project.post({ ...input, id: 'p', owner, now: NOW }).project.toSnapshot();
    expect(s.country).toBe('BS');
    expect(s.location).toBe('Nassau, New Providence, Bahamas');
  });

  it('accepts a town without an island when it is a Bahamian town, and free text outside BS', () => {
    expect(post({ island: null, city: 'Freeport' }).project.toSnapshot().city).toBe('Freeport');
    const us = post({ country: 'us', island: 'Long Island', city: 'Springfield' }).project.toSnapshot();
    expect(us.country).toBe('US');
    expect(us.city).toBe('Springfield');
  });

  it('stores a catalogue category in the catalogue spelling, whatever the case; other text as typed', () => {
    expect(post({ category: 'residential' }).project.toSnapshot().category).toBe('Residential');
    expect(post({ category: ' CONSTRUCTION ' }).project.toSnapshot().category).toBe('Construction');
    expect(post({ category: 'Boat house' }).project.toSnapshot().category).toBe('Boat house');
    expect(post({ category: null }).project.toSnapshot().category).toBe('Construction');
  });

  it('accepts any Bahamian town as typed; a suggested town or island in any case is written as the catalogue does', () => {
    const place = (island: string | null, city: string) => {
      const s = post({ island, city }).project.toSnapshot();
      return [s.island, s.city];
    };
    // The towns, none of them in the catalogue.
    expect(place('New Providence', 'Palmdale')).toEqual(['New Providence', 'Palmdale']);
    expect(place('New Providence', 'Cable Beach')).toEqual(['New Providence', 'Cable Beach']);
    expect(place('Eleuthera', 'Spanish Wells')).toEqual(['Eleuthera', 'Spanish Wells']);
    // Case and spacing.
    expect(place('new providence', '  nassau ')).toEqual(['New Providence', 'Nassau']);
    expect(place(null, 'spanish   wells')).toEqual([null, 'Spanish Wells']);
    expect(place('Abaco', 'HOPE TOWN')).toEqual(['Abaco', 'Hope Town']);
    expect(place('Long Island', "McKann's")).toEqual(['Long Island', "McKann's"]);
    // A town the catalogue puts on another island is still the owner's word for it.
    expect(place('Abaco', 'Nassau')).toEqual(['Abaco', 'Nassau']);
  });

  it('treats missing budgets as negotiable and accepts decimal strings', () => {
    const s = post({ budgetMin: '', budgetMax: null }).project.toSnapshot();
    expect(s.budgetMinCents).toBeNull();
    expect(s.budgetMaxCents).toBeNull();
    expect(post({ budgetMin: '1500.50', budgetMax: '1500.50' }).project.toSnapshot().budgetMinCents).toBe(
      150050,
    );
  });

  it('allows a bid deadline of exactly now and later', () => {
    expect(post({ bidDeadline: NOW }).project.toSnapshot().bidDeadline).toEqual(NOW);
  });

  it('keeps up to 5 files, each at most 80 MB, images, PDF, doc and docx only', () => {
    const ok = [
      aFile({ name: 'a', originalName: 'a.pdf' }),
      aFile({ name: 'b', originalName: 'b.PNG', mimeType: 'image/png' }),
      aFile({ name: 'c', originalName: 'c.doc', mimeType: 'application/msword' }),
      aFile({
        name: 'd',
        originalName: 'd.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
      aFile({ name: 'e', originalName: 'e.jpg', mimeType: 'image/jpeg', size: 80 * 1024 * 1024 }),
    ];
    expect(post({}, { files: ok }).project.attachments).toEqual(['a', 'b', 'c', 'd', 'e']);

    const six = errorOf(() => post({}, { files: files(6) }));
    expect(six).toBeInstanceOf(ValidationError);
    expect(six.code).toBe('TOO_MANY_FILES');
    expect(six.message).toBe('Maximum 5 files allowed');

    const big = errorOf(() =>
      post({}, { files: [aFile({ originalName: 'huge.pdf', size: 80 * 1024 * 1024 + 1 })] }),
    );
    expect(big).toBeInstanceOf(TooLargeError);
    expect(big.message).toBe('huge.pdf exceeds 80MB limit');

    const exe = errorOf(() =>
      post({}, { files: [aFile({ originalName: 'x.exe', mimeType: 'application/x-msdownload' })] }),
    );
    expect(exe.code).toBe('UNSUPPORTED_FILE_TYPE');
  });
});

describe('taking bids', () => {
  it('takes bids while active, in bidding, before the bid deadline', () => {
    const deadline = new Date(NOW.getTime() + DAY);
    const project = aProject({ bidDeadline: deadline });
    expect(project.isTakingBids(NOW)).toBe(true);
    expect(project.isTakingBids(deadline)).toBe(true);
    expect(project.isTakingBids(new Date(deadline.getTime() + 1))).toBe(false);
    expect(errorOf(() => project.assertTakingBids(new Date(deadline.getTime() + 1))).code).toBe(
      'BID_DEADLINE_PASSED',
    );
  });

  it('takes no bids once cancelled or out of the bidding phase', () => {
    const cancelled = aProject();
    cancelled.cancel(owner, [], NOW);
    expect(errorOf(() => cancelled.assertTakingBids(NOW)).code).toBe('PROJECT_NOT_ACTIVE');

    const awarded = aProject();
    awarded.acceptBid(owner, aBid({ project: awarded }), [], NOW);
    expect(errorOf(() => awarded.assertTakingBids(NOW)).code).toBe('PROJECT_NOT_BIDDING');

    const planning = Project.restore({ ...aProject().toSnapshot(), currentPhase: 'planning' });
    expect(planning.isTakingBids(NOW)).toBe(false);
  });

  it('names why bids are closed, agreeing with the aggregate in every case the pages show', () => {
    const deadline = new Date(NOW.getTime() + DAY);
    const cancelled = aProject();
    cancelled.cancel(owner, [], NOW);
    const awarded = aProject();
    awarded.acceptBid(owner, aBid({ project: awarded }), [], NOW);
    const cases: Array<[Project, Date, string | null]> = [
      [aProject({ bidDeadline: deadline }), NOW, null],
      [aProject({ bidDeadline: deadline }), new Date(deadline.getTime() + 1), 'The bid deadline has passed'],
      [cancelled, NOW, 'This project is cancelled'],
      [awarded, NOW, 'Phase: Awarded'],
    ];
    for (const [project, at, reason] of cases) {
      const s = project.toSnapshot();
      expect(biddingClosedReason(s, at)).toBe(reason);
      expect(biddingClosedReason({ ...s, bidDeadline: s.bidDeadline?.toISOString() ?? null }, at)).toBe(
        reason,
      );
      expect(project.isTakingBids(at)).toBe(reason === null);
    }
  });
});

describe('accepting and declining bids', () => {
  function setup() {
    const project = aProject();
    const winner = aBid({ id: 'b1', project, bidder: aContractor('c1') });
    const loser = aBid({ id: 'b2', project, bidder: aContractor('c2') });
    const decided = aBid({ id: 'b3', project, bidder: aContractor('c3') });
    project.declineBid(owner, decided, NOW);
    return { project, winner, loser, decided };
  }

  it('accepts: the bid is accepted, the project records it and is awarded, other pending bids are rejected', () => {
    const { project, winner, loser, decided } = setup();
    const later = new Date(NOW.getTime() + DAY);
    const events = project.acceptBid(owner, winner, [loser, decided], later);
    expect(winner.status).toBe('accepted');
    expect(loser.status).toBe('rejected');
    expect(decided.status).toBe('rejected');
    const s = project.toSnapshot();
    expect(s.acceptedBidId).toBe('b1');
    expect(s.awardedContractorId).toBe('c1');
    expect(s.currentPhase).toBe('awarded');
    expect(s.phaseStartDate).toEqual(later);
    expect(events.map((e) => e.type)).toEqual(['bid_accepted', 'bid_rejected', 'project_phase_changed']);
    expect(events[0]).toMatchObject({ recipientId: 'c1', bidId: 'b1', projectTitle: 'Kitchen renovation' });
    expect(events[1]).toMatchObject({ recipientId: 'c2', bidId: 'b2', reason: 'another_bid_accepted' });
  });

  it('lets only the owner accept; an admin sees but cannot decide', () => {
    const { project, winner } = setup();
    expect(errorOf(() => project.acceptBid(aContractor('c9'), winner, [], NOW)).code).toBe(
      'NOT_PROJECT_OWNER',
    );
    const admin = errorOf(() => project.acceptBid(anAdmin(), winner, [], NOW));
    expect(admin).toBeInstanceOf(PermissionError);
    expect(admin.code).toBe('ADMIN_CANNOT_DECIDE');
    expect(errorOf(() => project.declineBid(anAdmin(), winner, NOW)).code).toBe('ADMIN_CANNOT_DECIDE');
    expect(errorOf(() => project.declineBid(aClient('other'), winner, NOW)).code).toBe('NOT_PROJECT_OWNER');
    expect(winner.status).toBe('pending');
  });

  it('accepts only a pending bid', () => {
    const { project, decided } = setup();
    const e = errorOf(() => project.acceptBid(owner, decided, [], NOW));
    expect(e).toBeInstanceOf(ConflictError);
    expect(e.code).toBe('BID_NOT_PENDING');
  });

  it('accepts only while the project is active and bidding; a second acceptance is refused', () => {
    const { project, winner, loser } = setup();
    project.acceptBid(owner, winner, [], NOW);
    // loser is still pending here because it was not handed in; the phase guard refuses it anyway.
    expect(errorOf(() => project.acceptBid(owner, loser, [], NOW)).code).toBe('PROJECT_NOT_BIDDING');

    const cancelled = aProject();
    const bid = aBid({ project: cancelled });
    cancelled.cancel(owner, [], NOW);
    expect(errorOf(() => cancelled.acceptBid(owner, bid, [], NOW)).code).toBe('PROJECT_NOT_ACTIVE');
  });

  it('still lets the owner accept after the bid deadline has passed (decision)', () => {
    const project = aProject({ bidDeadline: new Date(NOW.getTime() + DAY) });
    const bid = aBid({ project });
    project.acceptBid(owner, bid, [], new Date(NOW.getTime() + 3 * DAY));
    expect(project.currentPhase).toBe('awarded');
  });

  it('refuses a bid of another project', () => {
    const project = aProject();
    const foreign = aBid({ project: aProject({ id: 'other' }) });
    expect(errorOf(() => project.acceptBid(owner, foreign, [], NOW)).code).toBe('BID_NOT_ON_PROJECT');
  });

  it('declines: pending only, the bid becomes rejected and its bidder is told', () => {
    const { project, winner } = setup();
    const events = project.declineBid(owner, winner, NOW);
    expect(winner.status).toBe('rejected');
    expect(events).toEqual([
      expect.objectContaining({ type: 'bid_rejected', recipientId: 'c1', reason: 'declined' }),
    ]);
    expect(errorOf(() => project.declineBid(owner, winner, NOW)).code).toBe('BID_NOT_PENDING');
    expect(project.currentPhase).toBe('bidding');
  });
});

describe('moving on, completing and cancelling', () => {
  function awarded() {
    const project = aProject({ services: ['electrical', 'tile'] });
    const bid = aBid({ project, bidder: aContractor('c1') });
    project.acceptBid(owner, bid, [], NOW);
    return project;
  }

  it('moves awarded → in_progress → review → completed; completed sets status and tells the contractor', () => {
    const project = awarded();
    expect(project.movePhase(owner, 'in_progress', NOW)[0]).toMatchObject({
      type: 'project_phase_changed',
      from: 'awarded',
      to: 'in_progress',
    });
    project.movePhase(owner, 'review', NOW);
    expect(project.status).toBe('active');
    const events = project.movePhase(owner, 'completed', NOW);
    expect(project.status).toBe('completed');
    expect(project.currentPhase).toBe('completed');
    expect(events[1]).toEqual(
      expect.objectContaining({
        type: 'project_completed',
        recipientId: 'c1',
        ownerId: owner.id,
        services: ['electrical', 'tile'],
      }),
    );
  });

  it('lets only the owner move the phase', () => {
    expect(errorOf(() => awarded().movePhase(aContractor('c1'), 'in_progress', NOW)).code).toBe(
      'NOT_PROJECT_OWNER',
    );
  });

  it('refuses an unknown phase and moves of a cancelled project', () => {
    expect(errorOf(() => awarded().movePhase(owner, 'done', NOW)).code).toBe('UNKNOWN_PHASE');
    const project = awarded();
    project.cancel(owner, [], NOW);
    expect(errorOf(() => project.movePhase(owner, 'in_progress', NOW)).code).toBe('PROJECT_NOT_ACTIVE');
  });

  it('completes without a contractor event when restored data has no awarded contractor', () => {
    const project = Project.restore({ ...aProject().toSnapshot(), currentPhase: 'review' });
    expect(project.movePhase(owner, 'completed', NOW).map((e) => e.type)).toEqual(['project_phase_changed']);
  });

  it('cancels an active project in any phase before completion and rejects its pending bids', () => {
    const project = aProject();
    const pending = aBid({ id: 'b1', project, bidder: aContractor('c1') });
    const other = aBid({ id: 'b2', project, bidder: aContractor('c2') });
    project.declineBid(owner, other, NOW);
    const events = project.cancel(owner, [pending, other], NOW);
    expect(project.status).toBe('cancelled');
    expect(pending.status).toBe('rejected');
    expect(events.map((e) => e.type)).toEqual(['project_cancelled', 'bid_rejected']);
    expect(events[1]).toMatchObject({ reason: 'project_cancelled', recipientId: 'c1' });

    const inProgress = awarded();
    inProgress.movePhase(owner, 'in_progress', NOW);
    expect(inProgress.cancel(owner, [], NOW)[0]).toMatchObject({ awardedContractorId: 'c1' });
  });

  it('refuses to cancel a completed or cancelled project, or for anyone but the owner', () => {
    const project = awarded();
    for (const to of ['in_progress', 'review', 'completed']) project.movePhase(owner, to, NOW);
    expect(errorOf(() => project.cancel(owner, [], NOW)).code).toBe('PROJECT_NOT_CANCELLABLE');
    const cancelled = aProject();
    cancelled.cancel(owner, [], NOW);
    expect(errorOf(() => cancelled.cancel(owner, [], NOW)).code).toBe('PROJECT_NOT_CANCELLABLE');
    expect(errorOf(() => aProject().cancel(anAdmin(), [], NOW)).code).toBe('NOT_PROJECT_OWNER');
  });
});

describe('editing', () => {
  it('lets the owner edit while active and not yet awarded; untouched fields keep their values', () => {
    const project = aProject();
    const later = new Date(NOW.getTime() + DAY);
    project.edit(owner, { title: 'New kitchen project', budgetMax: '25000.50' }, later);
    const s = project.toSnapshot();
    expect(s.title).toBe('New kitchen project');
    expect(s.budgetMaxCents).toBe(2500050);
    expect(s.budgetMinCents).toBe(500000);
    expect(s.description).toBe(validProjectInput().description);
    expect(s.updatedAt).toEqual(later);
  });

  it('checks edited fields with the post-form rules', () => {
    expect(errorOf(() => aProject().edit(owner, { title: 'abc' }, NOW)).code).toBe('TITLE_TOO_SHORT');
    expect(errorOf(() => aProject().edit(owner, { budgetMin: 30000 }, NOW)).code).toBe(
      'BUDGET_RANGE_INVALID',
    );
    expect(errorOf(() => aProject().edit(owner, { tags: ['a', 'A'] }, NOW)).code).toBe('DUPLICATE_TAG');
  });

  it('lets only the owner edit', () => {
    const e = errorOf(() => aProject().edit(anAdmin(), { title: 'Hello there' }, NOW));
    expect(e).toBeInstanceOf(PermissionError);
    expect(e.code).toBe('NOT_PROJECT_OWNER');
  });

  it('refuses edits once awarded, completed or cancelled (409)', () => {
    const project = aProject();
    project.acceptBid(owner, aBid({ project }), [], NOW);
    const e = errorOf(() => project.edit(owner, { title: 'Changed title' }, NOW));
    expect(e).toBeInstanceOf(ConflictError);
    expect(e.code).toBe('PROJECT_NOT_EDITABLE');
    const cancelled = aProject();
    cancelled.cancel(owner, [], NOW);
    expect(errorOf(() => cancelled.edit(owner, { title: 'Changed title' }, NOW)).code).toBe(
      'PROJECT_NOT_EDITABLE',
    );
  });

  it('refuses a new bid deadline in the past but keeps an old one that has passed', () => {
    const deadline = new Date(NOW.getTime() + DAY);
    const project = aProject({ bidDeadline: deadline });
    const later = new Date(NOW.getTime() + 2 * DAY);
    project.edit(owner, { title: 'Still editing it' }, later);
    expect(project.bidDeadline).toEqual(deadline);
    expect(errorOf(() => project.edit(owner, { bidDeadline: NOW }, later)).code).toBe('BID_DEADLINE_IN_PAST');
    project.edit(owner, { bidDeadline: null }, later);
    expect(project.bidDeadline).toBeNull();
  });

  it('counts kept plus new files against the limit of 5, and reports what was removed', () => {
    const project = aProject({ files: files(4) });
    const tooMany = errorOf(() => project.edit(owner, { newFiles: files(2) }, NOW));
    expect(tooMany.code).toBe('TOO_MANY_FILES');
    expect(tooMany.message).toBe('Maximum 5 files allowed. You currently have 4 files.');

    const changes: EditProjectChanges = {
      attachments: ['stored-1.pdf', 'stored-2.pdf'],
      newFiles: [aFile({ name: 'new-1' }), aFile({ name: 'new-2' }), aFile({ name: 'new-3' })],
    };
    expect(project.edit(owner, changes, NOW)).toEqual({
      removedAttachments: ['stored-3.pdf', 'stored-4.pdf'],
      events: [],
    });
    expect(project.attachments).toEqual(['stored-1.pdf', 'stored-2.pdf', 'new-1', 'new-2', 'new-3']);
  });

  it('refuses keeping a file the project does not have', () => {
    expect(errorOf(() => aProject().edit(owner, { attachments: ['../etc/passwd'] }, NOW)).code).toBe(
      'UNKNOWN_ATTACHMENT',
    );
  });
});

describe('deleting', () => {
  it('lets only the owner delete, and names the files to remove', () => {
    const project = aProject({ files: files(2) });
    expect(errorOf(() => project.delete(anAdmin(), [], NOW)).code).toBe('NOT_PROJECT_OWNER');
    expect(project.delete(owner, ['c1', 'c2', 'c1'], NOW)).toEqual({
      type: 'project_deleted',
      occurredAt: NOW,
      projectId: 'project-1',
      projectTitle: project.toSnapshot().title,
      ownerId: owner.id,
      recipientIds: ['c1', 'c2'],
      attachments: ['stored-1.pdf', 'stored-2.pdf'],
    });
  });

  it('tells every bidder that the project is gone, and the awarded contractor of each step of the work', () => {
    const project = aProject();
    const deleted = notificationsForEvent(project.delete(owner, ['c1', 'c2'], NOW));
    expect(deleted.map((n) => [n.userId, n.title])).toEqual([
      ['c1', 'Project deleted'],
      ['c2', 'Project deleted'],
    ]);
    expect(deleted[0]?.message).toContain('which you bid on, was deleted by its owner');

    const awarded = aProject();
    awarded.acceptBid(owner, aBid({ project: awarded, bidder: aContractor('c9') }), [], NOW);
    const steps = ['in_progress', 'review', 'completed'].map((to) =>
      awarded.movePhase(owner, to, NOW).flatMap(notificationsForEvent),
    );
    expect(steps.map((told) => told.map((n) => [n.userId, n.title]))).toEqual([
      [['c9', 'Work started']],
      [['c9', 'Sent for review']],
      [['c9', 'Project completed']],
    ]);
  });
});

describe('snapshots', () => {
  it('round-trips and copies arrays', () => {
    const project = aProject();
    const s = project.toSnapshot();
    s.tags.push('mutated');
    expect(project.toSnapshot().tags).toEqual(['kitchen']);
    expect(Project.restore(project.toSnapshot()).toSnapshot()).toEqual(project.toSnapshot());
  });
});
