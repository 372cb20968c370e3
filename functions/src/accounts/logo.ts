/**
 * The dealer's logo for studio images: uploaded by the dealer (presigned POST under logos/<sub>/), checked by its
 * bytes and kept as a re-encoded PNG. The renderer places only this file: no logo is ever fetched from a web
 * address, so a profile's logo_url cannot make our servers call into our own network (SSRF).
 */
import sharp from 'sharp';
import { MAX_LOGO_BYTES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { LogoResponse, LogoUploadRequest, Profile } from '@shared/schemas/account';
import { DomainError } from '../lib/errors';
import { logoKeys } from './logo-keys';

export { logoKeys };
import { sniffPhotoType } from '../renderer/photo-validation';
import type { UploadTarget } from '../uploads/presigned-upload';
import { profileView, type AccountStore } from './account-store';

/** Port: the logo's objects in the uploads bucket (S3 in both homes). */
export interface LogoStorage {
  createUploadTarget(input: { key: string; contentType: string; maxBytes: number }): Promise<UploadTarget>;
  /** The object's bytes, or undefined when there is none. Refuses (undefined) an object over `maxBytes`. */
  read(key: string, maxBytes: number): Promise<Buffer | undefined>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  downloadUrl(key: string): Promise<string>;
}

export interface LogoDeps {
  accounts: AccountStore;
  logos: LogoStorage;
  now?: () => Date;
}

/** Placed at most 200x100 on the images; kept a little larger for sharp edges. */
const KEPT_SIZE = { width: 800, height: 400 };
const MAX_LOGO_PIXELS = 25_000_000;

const unreadable = () => new DomainError('validation', MESSAGES.logoUnreadable, { logo: MESSAGES.logoUnreadable });

/** POST /api/profile/logo/upload: a presigned upload to the caller's own logo key. */
export function createLogoUpload(deps: Pick<LogoDeps, 'logos'>, sub: string, request: LogoUploadRequest): Promise<UploadTarget> {
  return deps.logos.createUploadTarget({ key: logoKeys.upload(sub), contentType: request.content_type, maxBytes: MAX_LOGO_BYTES });
}

/**
 * A logo by its bytes: PNG, JPEG or WebP from the magic bytes, a pixel count from the header, a full decode, then
 * re-encoded as PNG without any metadata (what the browser sent never reaches the renderer as it was).
 */
export async function checkLogoBytes(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0 || bytes.length > MAX_LOGO_BYTES || !sniffPhotoType(bytes)) throw unreadable();
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_LOGO_PIXELS }).metadata();
    if (!meta.width || !meta.height || !['jpeg', 'png', 'webp'].includes(meta.format ?? '')) throw unreadable();
    return await sharp(bytes, { limitInputPixels: MAX_LOGO_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ ...KEPT_SIZE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw unreadable();
  }
}

/** POST /api/profile/logo: checks the uploaded file, keeps the re-encoded logo and records it on the profile. */
export async function saveLogo(deps: LogoDeps, sub: string): Promise<Profile> {
  const uploaded = await deps.logos.read(logoKeys.upload(sub), MAX_LOGO_BYTES);
  if (!uploaded) throw new DomainError('validation', MESSAGES.logoNotUploaded, { logo: MESSAGES.logoNotUploaded });
  const png = await checkLogoBytes(uploaded).finally(() => deps.logos.delete(logoKeys.upload(sub)));
  await deps.logos.put(logoKeys.checked(sub), png, 'image/png');
  const updated = await deps.accounts.setLogoKey(sub, logoKeys.checked(sub), deps.now?.() ?? new Date());
  if (!updated) throw new DomainError('not_found', MESSAGES.accountNotFound);
  return profileView(updated);
}

/** GET /api/profile/logo: a short-lived link to the caller's logo (for the Settings preview), or null. */
export async function logoLink(deps: Pick<LogoDeps, 'accounts' | 'logos'>, sub: string): Promise<LogoResponse> {
  const key = (await deps.accounts.getProfile(sub))?.logo_key;
  return { url: key ? await deps.logos.downloadUrl(key) : null };
}
