import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type BreakingChange,
  changelogSection,
  findBreakingChanges,
  unrecordedBreaks,
} from '#scripts/openapi-breaking.ts';

// biome-ignore lint/suspicious/noExplicitAny: documents are untyped JSON
type Json = Record<string, any>;

const root = join(import.meta.dirname, '..', '..', '..');
const current = (): Json => JSON.parse(readFileSync(join(root, 'openapi', 'openapi.json'), 'utf8'));
const released = (): Json => JSON.parse(readFileSync(join(root, 'openapi', 'released.json'), 'utf8'));

const changesOf = (before: Json, after: Json) =>
  findBreakingChanges(before, after).map((c: BreakingChange) => `${c.operationId}: ${c.change}`);

describe('the breaking-change check against openapi/released.json', () => {
  it('finds nothing between the released document and itself', () => {
    expect(findBreakingChanges(released(), released())).toEqual([]);
  });

  it('reports a removed operation', () => {
    const after = released();
    delete after.paths['/api/users/me/quota'].get;
    expect(changesOf(released(), after)).toEqual(['getMyBidQuota: the operation was removed']);
  });

  it('reports a renamed response field wherever the schema is used (Bid.proposal → Bid.pitch)', () => {
    const after = released();
    const bid = after.components.schemas.Bid;
    bid.properties.pitch = bid.properties.proposal;
    delete bid.properties.proposal;
    bid.required = bid.required.map((f: string) => (f === 'proposal' ? 'pitch' : f));
    const changes = changesOf(released(), after);
    expect(changes).toContain('decideBid: 200 application/json: the field proposal was removed');
    expect(changes).toContain('editBid: 200 application/json: the field proposal was removed');
  });

  it('reports a retyped response field, and one that is no longer always present', () => {
    const after = released();
    after.components.schemas.BidQuota.properties.remaining = { type: 'string' };
    after.components.schemas.BidQuota.required = after.components.schemas.BidQuota.required.filter(
      (f: string) => f !== 'tier',
    );
    const changes = changesOf(released(), after);
    expect(changes).toContain(
      'getMyBidQuota: 200 application/json remaining: the type changed from integer|null to string',
    );
    expect(changes).toContain(
      'getMyBidQuota: 200 application/json: the field tier is no longer always present',
    );
  });

  it('reports a new required request field or parameter, not a new optional one', () => {
    const after = released();
    const body = after.paths['/api/messages'].post.requestBody.content['application/json'].schema;
    body.properties.subject = { type: 'string' };
    body.properties.priority = { type: 'string' };
    body.required = [...body.required, 'subject'];
    after.paths['/api/users/me/bids'].get.parameters = [
      { in: 'query', name: 'year', required: true, schema: { type: 'integer' } },
    ];
    expect(changesOf(released(), after)).toEqual([
      'listMyBids: the query parameter year is new and required',
      'sendMessage: body: the field subject is new and required',
    ]);
  });

  it('does not count additions: a new operation, a new response field, a new error code', () => {
    const after = released();
    after.paths['/api/new'] = { get: { operationId: 'getNew', responses: { 200: { description: 'new' } } } };
    after.components.schemas.BidQuota.properties.extra = { type: 'string' };
    after.paths['/api/users/me/quota'].get.responses['404'] = { description: 'x' };
    expect(findBreakingChanges(released(), after)).toEqual([]);
  });

  it('lets a break through only under a new major version whose CHANGELOG section names the operation', () => {
    const changes: BreakingChange[] = [
      { operation: 'getMyBidQuota (GET /api/users/me/quota)', operationId: 'getMyBidQuota', change: 'x' },
    ];
    const log =
      '# Changelog\n\n## 2.0.0 — 2027-01-01\n\n- Breaking: getMyBidQuota is gone.\n\n## 1.0.0\n\n- first\n';
    expect(unrecordedBreaks(changes, '1.0.0', '1.1.0', log)).toEqual([
      expect.stringContaining('need a new major version'),
    ]);
    expect(unrecordedBreaks(changes, '1.0.0', '2.0.0', '# Changelog\n\n## 1.0.0\n')).toEqual([
      expect.stringContaining("no section '## 2.0.0'"),
    ]);
    expect(unrecordedBreaks(changes, '1.0.0', '2.0.0', log.replace('getMyBidQuota', 'the quota'))).toEqual([
      expect.stringContaining('does not name the broken operation getMyBidQuota'),
    ]);
    expect(unrecordedBreaks(changes, '1.0.0', '2.0.0', log)).toEqual([]);
    expect(changelogSection(log, '1.0.0')).toContain('first');
  });

  it('the committed document has no unrecorded break against the released one', () => {
    const doc = current();
    const log = readFileSync(join(root, 'openapi', 'CHANGELOG.md'), 'utf8');
    const changes = findBreakingChanges(released(), doc);
    expect(unrecordedBreaks(changes, released().info.version, doc.info.version, log)).toEqual([]);
    expect(changelogSection(log, doc.info.version)).toBeDefined();
  });
});
