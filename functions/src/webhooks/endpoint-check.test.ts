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

describe('webhook endpoint check: IPv6 spellings of IPv4 addresses (issue 40, N7)', () => {
  it('judges an IPv6 address by the IPv4 address it carries, in every form', () => {
    // 169.254.169.254 (the instance metadata service) as IPv4-mapped (both spellings), IPv4-compatible, SIIT, NAT64,
    // 6to4 and Teredo (the client's address inverted).
    for (const a of ['::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::169.254.169.254', '::a9fe:a9fe', '::ffff:0:a9fe:a9fe', '64:ff9b::a9fe:a9fe', '64:ff9b::169.254.169.254', '2002:a9fe:a9fe::1', '2002:a9fe:a9fe:1234:5678:9abc:def0:1', '2001:0:4136:e378:8000:63bf:5601:5601', '64:ff9b:1::1', '2002:0a00:0001::', '::ffff:0a00:0001'])
      expect(classifyAddress(a), a).toBe('private');
    expect(classifyAddress('::7f00:1'), 'IPv4-compatible 127.0.0.1').toBe('loopback');
    expect(classifyAddress('2002:7f00:0001::1'), '6to4 of 127.0.0.1').toBe('loopback');
    expect(addressAllowed('::ffff:7f00:1', false)).toBe(false);
    // The same forms of a public address stay public.
    for (const a of ['::ffff:5db8:d822', '2002:5db8:d822::1', '64:ff9b::808:808']) expect(classifyAddress(a), a).toBe('public');
  });

  it('locally: the host\'s own ports are refused with what to do, another loopback port is allowed', async () => {
    const local = { local: true, resolve: resolvingTo('127.0.0.1'), reservedPorts: [3000, 8000] };
    await expect(checkEndpointUrl(local, 'http://127.0.0.1:3000/_local/mailbox')).rejects.toThrow(/Port 3000 is this local host's own/);
    await expect(checkEndpointUrl(local, 'http://localhost:8000/')).rejects.toThrow(/Port 8000/);
    await expect(checkEndpointUrl(local, 'http://127.0.0.1:4000/hook')).resolves.toBeInstanceOf(URL);
    // In AWS the list means nothing (an https URL on 443 of a public host).
    await expect(checkEndpointUrl({ local: false, resolve: resolvingTo('93.184.216.34'), reservedPorts: [443] }, 'https://dms.example.com/hook')).resolves.toBeInstanceOf(URL);
  });
});
