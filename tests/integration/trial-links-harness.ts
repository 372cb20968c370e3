import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import type { CreateTrialLinkResponse, TrialLinkView, TrialUploadTarget } from '@shared/schemas/trial';
import * as h from '../support/car-package-harness';
import * as t from '../support/trial-links';
import { promoteToSuperUser } from '../../functions/src/accounts/super-user';
import { uploadByPresignedPost } from './package-api-client';

/**
 * Shared by the two trial-link files (the one file took 74 s in a clean-clone run, near the 90-s guard):
 *   trial-links-conversion: the link issued by a super user, the prospect's uploads and their check, the account
 *     creation once, every refusal, and one car per trial package;
 *   trial-links-car-check-and-transfer: the car check counted across the transfer, and the transfer into a car
 *     package after the first sign-in (the real workflow definition, scripted renderer).
 * Imported after useLocalHost (and after the transfer file's workflow environment), whose environment these modules
 * read. Each file calls trialLinkSteps once: its own super user, so the two files can share a host and a process.
 */
export const CUPRA = readFileSync(new URL('../fixtures/cars/cupra-born-grey-front34-street.jpg', import.meta.url));
export const BMW = readFileSync(new URL('../fixtures/cars/bmw-2002-silver-front34-grass.jpg', import.meta.url));
/** The same car seen from its other front corner (the photo reversed): a second angle of one car. */
export const otherCorner = async () => sharp(await h.carPhoto()).flop().jpeg({ quality: 80 }).toBuffer();

export const newEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
export const formOf = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const typeOfName = (name: string) => (name.endsWith('.png') ? 'image/png' : name.endsWith('.webp') ? 'image/webp' : 'image/jpeg');

/** The file's super user (made in its beforeAll) and the steps of a trial link against the host at `url`. */
export function trialLinkSteps(url: string) {
  const call = h.invokeRoute;
  let admin: { sub: string; email: string } | undefined;
  beforeAll(async () => {
    admin = await h.newDealer('trial-admin');
    expect(await promoteToSuperUser(h.adapters.accounts, admin.email)).toMatchObject({ role: 'super' });
  });

  async function newLink(dealer = 'Prospect Motors'): Promise<CreateTrialLinkResponse & { token: string }> {
    const created = await call('POST /api/admin/trial-links', { user: steps.admin, body: { dealer_name: dealer, expires_in_days: 7 } });
    expect(created.status).toBe(201);
    return { ...(created.body as CreateTrialLinkResponse), token: t.tokenOf(created.body.url) };
  }

  async function linkInList(id: string): Promise<TrialLinkView> {
    const listed = await call('GET /api/admin/trial-links', { user: steps.admin });
    expect(listed.status).toBe(200);
    return (listed.body.links as TrialLinkView[]).find((l) => l.id === id)!;
  }

  /** The prospect's step 1: presigned POSTs, the uploads, the check. */
  async function uploadPhotos(token: string, photos: { name: string; bytes: Buffer }[]) {
    const asked = await call('POST /api/trial/upload-photos/{token}', {
      pathParameters: { token },
      body: { files: photos.map((p) => ({ name: p.name, type: typeOfName(p.name), size: p.bytes.length })) },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const uploads = asked.body.uploads as TrialUploadTarget[];
    await Promise.all(uploads.map((u, i) => uploadByPresignedPost(u, photos[i]!.bytes, typeOfName(photos[i]!.name))));
    return call('POST /api/trial/upload-photos/{token}/complete', { pathParameters: { token } });
  }

  const createAccount = async (body: Record<string, unknown>) => {
    const response = await fetch(`${url}/api/trial/create-account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { success: boolean; error: string | null; message?: string } };
  };

  const steps = {
    /** The file's super user (set once its beforeAll has run). */
    get admin() {
      if (!admin) throw new Error('the super user is made in beforeAll');
      return admin;
    },
    call,
    newLink,
    linkInList,
    uploadPhotos,
    createAccount,
  };
  return steps;
}
