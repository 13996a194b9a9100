import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { WebhookAddressGuard } from '../../application/webhooks/ports.ts';
import { DEVELOPMENT_HOSTS, type WebhookMode } from '../../domain/webhook/endpoint.ts';

/**
 * The SSRF guard of webhook deliveries (docs/decisions/0212-signed-webhooks.md): a user chooses the URL we
 * post to, so the server must not become their way into our own network. The host is resolved when the
 * delivery is made, every address it resolves to is checked, and the connection goes to a checked address
 * (the HTTP delivery hands these to the socket as its lookup), so a DNS answer that changes between the
 * check and the connection (rebinding) cannot switch it. In development, http://localhost and
 * http://127.0.0.1 are let through to the developer's own machine.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (the system's resolver by default, so /etc/hosts counts). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** IPv4 ranges never called, as [first address, prefix length, why]. */
const IPV4_BLOCKS: readonly [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

function ipv4Refusal(ip: string): string | null {
  const n = ipv4ToNumber(ip);
  for (const [first, prefix, why] of IPV4_BLOCKS) {
    const size = 2 ** (32 - prefix);
    const start = ipv4ToNumber(first);
    if (n >= start && n < start + size) return why;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part and a zone are understood). */
function ipv6Groups(ip: string): number[] {
  let text = ip.split('%')[0] as string;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const n = ipv4ToNumber(dotted);
    text = `${text.slice(0, -dotted.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (groups: number[], at: number) =>
  [groups[at] as number, groups[at + 1] as number].flatMap((g) => [g >> 8, g & 0xff]).join('.');

function ipv6Refusal(ip: string): string | null {
  const g = ipv6Groups(ip);
  const [first = 0] = g;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // An IPv4 address inside an IPv6 one reaches that IPv4 address: judge it as one.
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4Refusal(ipv4Of(g, 6)); // ::ffff:a.b.c.d (mapped)
  if (first === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4Refusal(ipv4Of(g, 6)); // NAT64
  if (first === 0x2002) return ipv4Refusal(ipv4Of(g, 1)); // 6to4
  if (zeros(0, 6)) return 'reserved'; // ::a.b.c.d (IPv4-compatible, deprecated)
  if ((first & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((first & 0xffc0) === 0xfec0) return 'private'; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return 'multicast';
  if (first === 0x2001 && g[1] === 0x0db8) return 'reserved'; // documentation
  if (first === 0x0100 && zeros(1, 4)) return 'reserved'; // discard-only
  return null;
}

/**
 * Why an address may not be called ('loopback', 'private', 'link-local', 'unspecified', 'shared (carrier-grade
 * NAT)', 'multicast', 'reserved'), or null for a public address. Not an IP address at all: 'not an address'.
 */
export function addressRefusal(address: string): string | null {
  const family = isIP(address.split('%')[0] as string);
  if (family === 4) return ipv4Refusal(address);
  if (family === 6) return ipv6Refusal(address);
  return 'not an address';
}

/**
 * Where a delivery may connect: the checked addresses of the URL's host, or why it may not (`unresolved`:
 * the host has no address now, which may change; otherwise an address we never call).
 */
export type Destination = { addresses: ResolvedAddress[] } | { refusal: string; unresolved: boolean };

export class SsrfGuard implements WebhookAddressGuard {
  readonly #mode: WebhookMode;
  readonly #resolve: Resolver;

  constructor(options: { mode: WebhookMode; resolve?: Resolver }) {
    this.#mode = options.mode;
    this.#resolve = options.resolve ?? systemResolver;
  }

  /** Resolves and checks the URL's host: every address must be callable (one bad answer refuses them all). */
  async destination(url: URL): Promise<Destination> {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const literal = isIP(host);
    let addresses: ResolvedAddress[];
    if (literal) {
      addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
    } else {
      try {
        addresses = await this.#resolve(host);
      } catch (error) {
        const why = (error as Error).message;
        return { refusal: `The host ${host} could not be resolved (${why})`, unresolved: true };
      }
    }
    if (addresses.length === 0) return { refusal: `The host ${host} has no address`, unresolved: true };
    const local = this.#mode === 'development' && DEVELOPMENT_HOSTS.includes(host);
    for (const { address } of addresses) {
      const why = addressRefusal(address);
      if (why !== null && !(local && why === 'loopback')) {
        const refusal = `The host ${host} resolves to ${address}, a ${why} address, which webhooks may not call`;
        return { refusal, unresolved: false };
      }
    }
    return { addresses };
  }

  /** The check when an endpoint is saved: a host that does not resolve yet passes (delivery checks it). */
  async refusal(url: string): Promise<string | null> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return 'The URL is not valid';
    }
    const destination = await this.destination(parsed);
    return 'refusal' in destination && !destination.unresolved ? destination.refusal : null;
  }
}
