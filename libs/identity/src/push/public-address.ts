import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a push may never be sent to (docs/architecture.md §7): loopback, private, shared and
 * link-local ranges (cloud metadata services live at 169.254.169.254 and fd00:ec2::254),
 * documentation, benchmark, multicast and reserved ranges, and IPv4 mapped into IPv6.
 */
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED_V4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
  ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) BLOCKED_V6.addSubnet(network, prefix, 'ipv6');

/** IPv4 carried in IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96): the IPv4 address, else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const prefix = ['::ffff:', '64:ff9b::'].find((p) => lower.startsWith(p));
  if (!prefix) return null;
  const rest = lower.slice(prefix.length);
  if (isIP(rest) === 4) return rest;
  const groups = rest.split(':');
  if (groups.length !== 2 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const [high, low] = groups.map((g) => parseInt(g, 16)) as [number, number];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when `address` (an IP literal) is a public unicast address a push service may have. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !BLOCKED_V4.check(address, 'ipv4');
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return false; // an IPv4 address dressed as IPv6 is refused whatever it is
  return !BLOCKED_V6.check(address, 'ipv6');
}

export class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
  readonly code = 'EPUSHPRIVATE';
  constructor(hostname: string, address: string) {
    super(`push endpoint ${hostname} resolves to a non-public address (${address})`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * `dns.lookup` that refuses a name any of whose addresses is not public. It runs when the
 * connection is made (the agent's `lookup`), so the address checked is the address connected to:
 * a name that resolved to a public address at registration and to 127.0.0.1 now is refused now.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || list.length === 0) return callback(new PrivateAddressError(hostname, bad?.address ?? 'none') as NodeJS.ErrnoException, []);
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

/** The HTTPS agent pushes go through: it connects only to public addresses. */
export function publicOnlyAgent(): Agent {
  return new Agent({ keepAlive: true, lookup: publicOnlyLookup as never });
}

/**
 * Refuses an endpoint whose host is a non-public IP literal before any connection: Node connects to
 * a literal without a lookup, so `publicOnlyLookup` alone would never see it. Names are checked by
 * the lookup when the connection is made.
 */
export function assertEndpointHostAllowed(endpoint: string): void {
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw new PrivateAddressError(host, host);
}
