import { expect, test } from 'vitest';
import { isPublicAddress, publicOnlyLookup } from './public-address.js';

test('loopback, private, link-local (cloud metadata), shared, multicast and mapped addresses are not public', () => {
  for (const address of [
    '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '192.0.2.5', '198.18.0.1', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1',
    '::ffff:10.0.0.1', '64:ff9b::a00:1', 'ff02::1', '2001:db8::1', 'not-an-ip', '',
  ]) expect(isPublicAddress(address), address).toBe(false);
  for (const address of ['8.8.8.8', '172.32.0.1', '142.250.74.100', '2607:f8b0:4004:800::200e', '2a00:1450:4001:82a::200a']) {
    expect(isPublicAddress(address), address).toBe(true);
  }
});

test('the lookup refuses a name that resolves to a private address (localhost), whether one or all addresses are asked for', async () => {
  for (const all of [false, true]) {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', { all }, (e) => resolve(e)));
    expect(error?.code).toBe('EPUSHPRIVATE');
  }
});
