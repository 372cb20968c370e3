import { describe, expect, it } from 'vitest';
import { checkEndpointUrl } from './webhooks';
import { addressAllowed, classifyAddress } from './endpoint-check';

/** The SSRF rules of webhook endpoints in each home (the resolver stands in for DNS, so AWS's rules run here too). */
const resolvingTo = (...addresses: string[]) => async () => addresses;

describe('webhook endpoint check', () => {
  it('classifies addresses: loopback, private and reserved ranges, IPv4-mapped IPv6, public', () => {
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::1')).toBe('loopback');
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    for (const a of ['10.1.2.3', '172.16.0.1', '192.168.0.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '224.0.0.1']) expect(classifyAddress(a), a).toBe('private');
    for (const a of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8']) expect(classifyAddress(a), a).toBe('public');
  });

  it('in AWS: https to public addresses only; loopback and private refused, also when a name resolves there', async () => {
    const aws = { local: false };
    await expect(checkEndpointUrl({ ...aws, resolve: resolvingTo('93.184.216.34') }, 'https://dms.example.com/hook')).resolves.toBeInstanceOf(URL);
    await expect(checkEndpointUrl({ ...aws, resolve: resolvingTo('93.184.216.34') }, 'http://dms.example.com/hook')).rejects.toThrow(/https/);
    await expect(checkEndpointUrl({ ...aws, resolve: resolvingTo('127.0.0.1') }, 'https://localhost/hook')).rejects.toThrow(/127\.0\.0\.1/);
    await expect(checkEndpointUrl({ ...aws, resolve: resolvingTo('93.184.216.34', '10.0.0.5') }, 'https://rebind.example.com/hook')).rejects.toThrow(/10\.0\.0\.5/);
    await expect(checkEndpointUrl({ ...aws, resolve: resolvingTo('::1') }, 'https://[::1]/hook')).rejects.toThrow(/private|loopback/);
    expect(addressAllowed('127.0.0.1', false)).toBe(false);
  });

  it('locally: loopback allowed (http or https), private still refused', async () => {
    const local = { local: true };
    await expect(checkEndpointUrl({ ...local, resolve: resolvingTo('127.0.0.1') }, 'http://127.0.0.1:4000/hook')).resolves.toBeInstanceOf(URL);
    await expect(checkEndpointUrl({ ...local, resolve: resolvingTo('192.168.1.20') }, 'https://nas.lan/hook')).rejects.toThrow(/192\.168\.1\.20/);
    await expect(checkEndpointUrl({ ...local, resolve: resolvingTo('93.184.216.34') }, 'http://example.com/hook')).rejects.toThrow(/https/);
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
  });
});
