import { expect } from 'vitest';
import type { TeamRole } from '@shared/team';
import { signInNewDealer, type Dealer } from '../integration/package-api-client';

/** A call of the team routes (Settings → Team) with a member's token. */
export async function teamCall(url: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * An owner invites a new address with a role (POST /api/team/invites); the invited person signs in through the mailed
 * link (the local mailbox), which joins them to the owner's dealership.
 */
export async function inviteAndSignIn(url: string, ownerToken: string, role: TeamRole, label: string = role): Promise<Dealer & { sub: string }> {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const invited = await teamCall(url, ownerToken, 'POST', '/api/team/invites', { email, role });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const member = await signInNewDealer(url, label, email);
  const sub = JSON.parse(Buffer.from(member.accessToken.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
  return { ...member, sub };
}
