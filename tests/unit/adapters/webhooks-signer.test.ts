import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { HmacWebhookSigning, signatureHeader, verifyBuildBidSignature } from '#adapters/webhooks/signer.ts';

const AT = new Date('2027-03-01T12:00:00.400Z');
const T = 1803902400;
const BODY = '{"id":"evt_1","type":"ping","created":1803902400,"data":{}}';
const signing = new HmacWebhookSigning();
/** `seconds` from the signed time t. */
const fromT = (seconds: number) => new Date((T + seconds) * 1000);

describe('webhook signatures (HMAC-SHA256 over "<t>.<raw body>", as Stripe signs)', () => {
  it('writes t in whole seconds and the hex HMAC of "<t>.<body>" keyed with the whole secret', () => {
    const expected = createHmac('sha256', 'whsec_a').update(`${T}.${BODY}`).digest('hex');
    expect(signatureHeader(BODY, ['whsec_a'], AT)).toBe(`t=${T},v1=${expected}`);
  });

  it('verifies its own signature, within the tolerance either way, and nothing else', () => {
    const header = signatureHeader(BODY, ['whsec_a'], AT);
    expect(verifyBuildBidSignature(BODY, header, 'whsec_a', 300, AT)).toBe(true);
    expect(verifyBuildBidSignature(Buffer.from(BODY), header, 'whsec_a', 300, fromT(300))).toBe(true);
    expect(verifyBuildBidSignature(BODY, header, 'whsec_a', 300, fromT(301))).toBe(false);
    expect(verifyBuildBidSignature(BODY, header, 'whsec_a', 300, fromT(-301))).toBe(false);
    expect(verifyBuildBidSignature(BODY, header, 'whsec_a', undefined, fromT(299))).toBe(true);
    expect(verifyBuildBidSignature(`${BODY} `, header, 'whsec_a', 300, AT)).toBe(false);
    expect(verifyBuildBidSignature(BODY, header, 'whsec_b', 300, AT)).toBe(false);
    // A re-dated header without a new signature fails: the time is signed with the body.
    expect(verifyBuildBidSignature(BODY, header.replace(`t=${T}`, `t=${T + 100}`), 'whsec_a', 300, AT)).toBe(
      false,
    );
  });

  it.each([
    ['no header', undefined],
    ['empty', ''],
    ['no time', 'v1=abc'],
    ['a time that is not a number', 't=soon,v1=abc'],
    ['no v1', `t=${T}`],
    ['only an old scheme', `t=${T},v0=abc`],
    ['a short v1', `t=${T},v1=ab`],
  ])('refuses a malformed header: %s', (_name, header) => {
    expect(verifyBuildBidSignature(BODY, header, 'whsec_a', 300, AT)).toBe(false);
  });

  it('sends one v1 per valid secret during a roll, so receivers on either secret verify it', () => {
    const header = signatureHeader(BODY, ['whsec_new', 'whsec_old'], AT);
    expect(header.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(2);
    expect(verifyBuildBidSignature(BODY, header, 'whsec_new', 300, AT)).toBe(true);
    expect(verifyBuildBidSignature(BODY, header, 'whsec_old', 300, AT)).toBe(true);
    expect(verifyBuildBidSignature(BODY, header, 'whsec_other', 300, AT)).toBe(false);
  });

  it("is the format Stripe's own library verifies", () => {
    const stripe = new Stripe('sk_test_unused');
    const header = signatureHeader(BODY, ['whsec_new', 'whsec_old'], new Date());
    expect(stripe.webhooks.constructEvent(BODY, header, 'whsec_old')).toMatchObject({
      id: 'evt_1',
      type: 'ping',
    });
  });

  it('makes whsec_ secrets of 256 random bits, and evt_ ids stable per event and endpoint', () => {
    const secret = signing.newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(signing.newSecret()).not.toBe(secret);
    const id = signing.eventId('bid.accepted\n{"bidId":"b1"}', 'endpoint-1');
    expect(id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(signing.eventId('bid.accepted\n{"bidId":"b1"}', 'endpoint-1')).toBe(id);
    expect(signing.eventId('bid.accepted\n{"bidId":"b1"}', 'endpoint-2')).not.toBe(id);
    expect(signing.eventId('bid.accepted\n{"bidId":"b2"}', 'endpoint-1')).not.toBe(id);
    expect(signing.randomEventId()).toMatch(/^evt_[0-9a-f]{32}$/);
  });
});
