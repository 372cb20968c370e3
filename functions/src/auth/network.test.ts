import { describe, expect, it } from 'vitest';
import { networkOf } from './network';

describe('networkOf', () => {
  it('an IPv4 address is its own network (also written as IPv4-mapped IPv6)', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('203.0.113.8')).not.toBe(networkOf('203.0.113.7'));
  });

  it('IPv6 addresses of one /64 are one network, however they are written; another /64 is another', () => {
    const same = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2:a:b:c:d'];
    expect(new Set(same.map(networkOf))).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(networkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });
});
