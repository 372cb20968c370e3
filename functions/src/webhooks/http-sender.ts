/**
 * The webhook POST, over node:http(s) with a DNS lookup that checks the address it is about to connect to: a name
 * that resolved to a public address at registration and to a private one now is refused at the socket (DNS rebinding).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressAllowed } from './endpoint-check';
import type { WebhookSender } from './ports';

export function httpWebhookSender(local: boolean): WebhookSender {
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const bad = list.find((a) => !addressAllowed(a.address, local));
      if (bad || list.length === 0) return callback(Object.assign(new Error(`refused: ${hostname} resolves to ${bad?.address ?? 'nothing'}, not a public address`), { code: 'EADDRNOTALLOWED' }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
  return (url, body, headers, timeoutMs) =>
    new Promise<number>((resolve, reject) => {
      const target = new URL(url);
      const host = target.hostname.replace(/^\[|\]$/g, '');
      // An IP literal skips DNS: checked here instead.
      if (/^[\d.]+$|:/.test(host) && !addressAllowed(host, local)) return reject(new Error(`refused: ${host} is not a public address`));
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(target, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup }, (res) => {
        res.resume();
        res.on('end', () => {
          clearTimeout(deadline);
          resolve(res.statusCode ?? 0);
        });
        res.on('error', reject);
      });
      // One deadline for the whole attempt, from the connection to the answer's last byte: a receiver that trickles
      // a byte now and then (never idle long enough for a socket timeout) is cut off at the same time as a silent one.
      const deadline = setTimeout(() => req.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s`)), timeoutMs);
      req.on('error', (error) => {
        clearTimeout(deadline);
        reject(error);
      });
      req.end(body);
    });
}
