/**
 * Where webhooks may go (SSRF): an https URL whose every address is public. Locally (APP_HOME=local) a loopback
 * address is allowed too, over http or https, so a dealer's receiver on the same machine can be tried; private and
 * reserved ranges stay refused in both homes. Checked when the endpoint is registered and again, on the address
 * actually connected to, at every delivery (a name may resolve elsewhere later).
 */
import { BlockList, isIP } from 'node:net';

const RESERVED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24],
  ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) RESERVED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) RESERVED.addSubnet(net, bits, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export type AddressVerdict = 'public' | 'loopback' | 'private';

/** What kind of address this is (an IPv4-mapped IPv6 address is judged as its IPv4 address). */
export function classifyAddress(address: string): AddressVerdict {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (LOOPBACK.check(ip, family)) return 'loopback';
  return RESERVED.check(ip, family) ? 'private' : 'public';
}

/** Whether a delivery may connect to this address in this home. */
export function addressAllowed(address: string, local: boolean): boolean {
  const verdict = classifyAddress(address);
  return verdict === 'public' || (local && verdict === 'loopback');
}

/** The URL's own shape: https, or (locally) http to a loopback name; no credentials in it. */
export function urlShapeAllowed(url: URL, local: boolean): boolean {
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return local && url.protocol === 'http:' && (host === 'localhost' || (isIP(host) !== 0 && classifyAddress(host) === 'loopback'));
}
