/** The admin side of trial links (super users): create one for a prospect, list them with their state, revoke one. */
import { TRIAL_MESSAGES } from '@shared/messages';
import type { z } from 'zod';
import type { CreateTrialLinkResponse, createTrialLinkRequestSchema, ListTrialLinksResponse, TrialLinkView } from '@shared/schemas/trial';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import { trialLinkMail } from '../mail/templates';
import type { TrialLinkStore } from './ports';
import { linkView, newTrialToken, trialTokenHash, trialUrl, type StoredTrialLink } from './trial-link';

export interface TrialAdminDeps {
  links: TrialLinkStore;
  mailer: Mailer;
  /** The site's own origin (never taken from the request). */
  siteOrigin: () => Promise<string>;
  /** Signed, short-lived links to photos in the uploads bucket (the thumbnails of the list). */
  signUpload: (key: string) => Promise<string>;
  now?: () => Date;
}

const DAY = 86_400_000;
export const TRIAL_LINKS_LIST_LIMIT = 100;

/** POST /api/admin/trial-links: the URL (with the token) is answered once; only the token's hash is stored. */
export async function createTrialLink(deps: TrialAdminDeps, body: z.output<typeof createTrialLinkRequestSchema>, createdBy: string): Promise<CreateTrialLinkResponse> {
  const now = deps.now?.() ?? new Date();
  const token = newTrialToken();
  const link: StoredTrialLink = {
    id: newId(),
    token_hash: trialTokenHash(token),
    dealer_name: body.dealer_name,
    email: body.email || null,
    created_by: createdBy,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + body.expires_in_days * DAY).toISOString(),
    revoked_at: null,
    pending_photos: [],
    photos: [],
    uploaded_at: null,
    converted_at: null,
    converted_email: null,
    transferred_at: null,
    package_id: null,
  };
  await deps.links.create(link);
  const url = trialUrl(await deps.siteOrigin(), token);
  let mailed = false;
  if (link.email) {
    try {
      await deps.mailer.send({ to: link.email, ...trialLinkMail({ dealerName: link.dealer_name, link: url, expiresAt: link.expires_at }) });
      mailed = true;
    } catch (error) {
      // The link exists and is shown: the super user can send it another way.
      logger.error('trial link mail not sent', { error: error as Error });
    }
  }
  return { link: await linkView(link, now.getTime(), deps.signUpload), url, mailed };
}

export async function listTrialLinks(deps: TrialAdminDeps): Promise<ListTrialLinksResponse> {
  const nowMs = (deps.now?.() ?? new Date()).getTime();
  const links = await deps.links.list(TRIAL_LINKS_LIST_LIMIT);
  return { links: await Promise.all(links.map((l) => linkView(l, nowMs, deps.signUpload))) };
}

/** POST /api/admin/trial-links/{id}/revoke: a revoked link is revoked again without error; a converted one cannot be. */
export async function revokeTrialLink(deps: TrialAdminDeps, id: string): Promise<{ link: TrialLinkView }> {
  const now = deps.now?.() ?? new Date();
  if (!(await deps.links.revoke(id, now.toISOString()))) {
    const link = await deps.links.get(id);
    if (!link) throw new DomainError('not_found', TRIAL_MESSAGES.linkNotFound);
    if (link.converted_at) throw new DomainError('conflict', TRIAL_MESSAGES.cannotRevokeConverted);
  }
  const link = await deps.links.get(id);
  if (!link) throw new DomainError('not_found', TRIAL_MESSAGES.linkNotFound);
  return { link: await linkView(link, now.getTime(), deps.signUpload) };
}
