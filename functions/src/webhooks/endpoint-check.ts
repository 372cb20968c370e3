/**
 * Where webhooks may go (SSRF): an https URL whose every address is public. Locally (APP_HOME=local) a loopback
 * address is allowed too, over http or https, so a dealer's receiver on the same machine can be tried, except the
 * host's own ports (its API, mailbox and engines: `reservedPorts`); private and reserved ranges stay refused in both
 * homes. Checked when the endpoint is registered and again, on the address actually connected to, at every delivery
 * (a name may resolve elsewhere later).
 */
import { BlockList, isIP } from 'node:net';

const RESERVED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24],
  ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) RESERVED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['100::', 64], ['2001:db8::', 32], ['2001:10::', 28], ['64:ff9b:1::', 48], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8]] as const) RESERVED.addSubnet(net, bits, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export type AddressVerdict = 'public' | 'loopback' | 'private';

/** The 16 bytes of an IPv6 address (any spelling: zero runs, a dotted IPv4 tail), or undefined. */
function ipv6Bytes(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = groups(head);
  const t = groups(tail);
  const all = tail === undefined ? h : [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

const v4 = (b: number[]) => b.join('.');

/**
 * The IPv4 address an IPv6 address carries, in every form that reaches it: IPv4-mapped (::ffff:a.b.c.d, in either
 * spelling), IPv4-compatible (::a.b.c.d), SIIT (::ffff:0:a.b.c.d), NAT64's well-known prefix (64:ff9b::/96; its local-use 64:ff9b:1::/48 is refused whole), 6to4
 * (2002:AABB:CCDD::) and Teredo (2001:0::/32, the client's address inverted in the last 32 bits).
 */
export function embeddedIpv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  if (!b) return undefined;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(b.slice(12));
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return v4(b.slice(12));
  if (zeros(0, 12) && !zeros(12, 16) && !(zeros(12, 15) && b[15] === 1)) return v4(b.slice(12));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return v4(b.slice(12));
  if (b[0] === 0x20 && b[1] === 0x02) return v4(b.slice(2, 6));
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return v4(b.slice(12).map((x) => x ^ 0xff));
  return undefined;
}

/** What kind of address this is (an IPv6 address that carries an IPv4 address is judged as that address). */
export function classifyAddress(address: string): AddressVerdict {
  const ip = embeddedIpv4(address) ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : isIP(ip) === 4 ? 'ipv4' : undefined;
  if (!family) return 'private';
  if (LOOPBACK.check(ip, family)) return 'loopback';
  return RESERVED.check(ip, family) ? 'private' : 'public';
}

/** Whether a delivery may connect to this address in this home. */
export function addressAllowed(address: string, local: boolean): boolean {
  const verdict = classifyAddress(address);
  return verdict === 'public' || (local && verdict === 'loopback');
}

/** The port a URL connects to. */
export const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * The URL's own shape: https, or (locally) http to a loopback name; no credentials in it; locally never one of the
 * host's own ports (its API and machine-only endpoints, its engines).
 */
export function urlShapeAllowed(url: URL, local: boolean, reservedPorts: readonly number[] = []): boolean {
  if (url.username || url.password) return false;
  if (local && reservedPorts.includes(portOf(url))) return false;
  if (url.protocol === 'https:') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return local && url.protocol === 'http:' && (host === 'localhost' || (isIP(host) !== 0 && classifyAddress(host) === 'loopback'));
}
