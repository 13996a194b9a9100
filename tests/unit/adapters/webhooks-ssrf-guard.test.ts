import { describe, expect, it } from 'vitest';
import { addressRefusal, type Resolver, SsrfGuard } from '#adapters/webhooks/ssrf-guard.ts';

describe('the SSRF guard: which addresses a webhook may call', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['100.127.255.255', 'shared (carrier-grade NAT)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:100.64.1.1', 'shared (carrier-grade NAT)'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
  ])('refuses %s (%s)', (address, why) => {
    expect(addressRefusal(address)).toBe(why);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '11.0.0.1',
    '192.169.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4009:81f::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    'fbff::1',
    '2001:4860:4860::8888',
  ])('lets a public address through: %s', (address) => {
    expect(addressRefusal(address)).toBeNull();
  });

  it('does not take a name for an address', () => {
    expect(addressRefusal('localhost')).toBe('not an address');
  });

  const resolverOf =
    (table: Record<string, string[]>): Resolver =>
    async (host) => {
      const addresses = table[host];
      if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const resolve = resolverOf({
    'hooks.example.com': ['93.184.215.14', '2606:4700:4700::1111'],
    'mixed.example.com': ['93.184.215.14', '10.0.0.7'],
    'metadata.example.com': ['169.254.169.254'],
    localhost: ['127.0.0.1', '::1'],
    'empty.example.com': [],
  });
  const production = new SsrfGuard({ mode: 'production', resolve });
  const development = new SsrfGuard({ mode: 'development', resolve });
  const destination = (guard: SsrfGuard, url: string) => guard.destination(new URL(url));

  it('answers the checked addresses to connect to', async () => {
    expect(await destination(production, 'https://hooks.example.com/x')).toEqual({
      addresses: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:4700:4700::1111', family: 6 },
      ],
    });
    expect(await destination(production, 'https://[2606:4700:4700::1111]/x')).toEqual({
      addresses: [{ address: '2606:4700:4700::1111', family: 6 }],
    });
  });

  it.each([
    'https://127.0.0.1/x',
    'https://10.0.0.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://0x7f.1/x',
    'https://2130706433/x',
    'https://localhost/x',
    'https://metadata.example.com/x',
    'https://mixed.example.com/x',
  ])('refuses %s in production', async (url) => {
    const result = await destination(production, url);
    expect(result).toMatchObject({ unresolved: false });
    expect(result).toHaveProperty('refusal', expect.stringMatching(/which webhooks may not call$/));
  });

  it('lets localhost and 127.0.0.1 through in development, and nothing else private', async () => {
    expect(await destination(development, 'http://localhost:3000/x')).toHaveProperty('addresses');
    expect(await destination(development, 'http://127.0.0.1:3000/x')).toHaveProperty('addresses');
    for (const url of ['http://10.0.0.1/x', 'https://metadata.example.com/x', 'http://[::1]:3000/x']) {
      expect(await destination(development, url)).toHaveProperty('refusal');
    }
  });

  it('refuses a host that does not resolve when delivering, but lets it be saved', async () => {
    expect(await destination(production, 'https://nowhere.example.com/x')).toMatchObject({
      unresolved: true,
    });
    expect(await destination(production, 'https://empty.example.com/x')).toMatchObject({ unresolved: true });
    expect(await production.refusal('https://nowhere.example.com/x')).toBeNull();
    expect(await production.refusal('https://hooks.example.com/x')).toBeNull();
    expect(await production.refusal('https://metadata.example.com/x')).toContain(
      '169.254.169.254, a link-local address',
    );
  });
});
