/** Composition of the admin trial link handlers: the store, the mailer, the site's origin, signed thumbnails. */
import { siteOriginOf } from '../auth/create-magic-link-deps';
import { createMailer } from '../mail/create-mailer';
import { trialStorage } from './adapters';
import type { TrialAdminDeps } from './trial-links-admin';

export function trialAdminDeps(): TrialAdminDeps {
  const { links, photos } = trialStorage();
  const urls = photos.urls();
  return { links, mailer: createMailer(), siteOrigin: siteOriginOf(), signUpload: (key) => urls.upload(key) };
}
