/**
 * The network a client address belongs to, for per-network caps: an IPv4 address is its own network (a household or
 * an office usually has one, or shares one behind NAT); an IPv6 address counts by its /64, the block one customer
 * gets and can take any address of. No AWS SDK here.
 */
export function networkOf(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = address.includes('::') ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => (parseInt(g || '0', 16) || 0).toString(16)).join(':')}::/64`;
}
