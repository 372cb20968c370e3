import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGITAL_SOURCE_TYPES, PRODUCT_NAME } from '@shared/content-credentials';
import { LocalContentSigner } from '../../functions/src/content-credentials/local-signer';
import { photoSha256 } from '../../functions/src/content-credentials/manifest';
import { verifyCredentials } from '../../functions/src/content-credentials/verify';
import { signRenderedImage } from '../../functions/src/content-credentials/credentialed-renderer';
import { createRenderer } from '../../functions/src/renderer/create-renderer';
import { LOCAL_MODEL } from '../../functions/src/renderer/local/local-renderer';
import type { RenderedImage } from '../../functions/src/renderer/port';
import { startImageEditStandIn, type ImageEditStandIn } from '../support/openai-image-stand-in';
import { car } from '../renderer/bad-photos';
import { CAMERA, manifestStoreRange, photoWithGps, SERIAL, transplantManifest, xmpOf } from './support';

const signer = new LocalContentSigner(mkdtempSync(join(tmpdir(), 'c2pa-keys-')));
const MODEL = 'gpt-image-2.6-sunburst';
let dealerPhoto: Buffer;
let server: ImageEditStandIn;
let baseURL: string;
const rendered: Record<'local' | 'openai', RenderedImage> = {} as never;

beforeAll(async () => {
  dealerPhoto = await photoWithGps();
  // The photo really carries what must not get through.
  const exif = (await sharp(dealerPhoto).metadata()).exif!.toString('latin1');
  expect(exif).toContain(SERIAL);
  expect(exif).toContain(CAMERA);

  // The OpenAI API's local stand-in answers every edit with a generated picture.
  server = await startImageEditStandIn();
  baseURL = server.baseURL;

  const photos = [{ id: 'drafts/u1/p1/photo-1.jpg', bytes: dealerPhoto, angle: 'front_left_corner' as const }];
  const request = { photos, angle: 'front_left_corner' as const, background: 'studio' as const };
  rendered.local = await createRenderer({ renderer: 'local', signer }).render(request);
  rendered.openai = await createRenderer({ openAiApiKey: 'sk-test', openAiBaseUrl: baseURL, model: MODEL, carMasker: 'none', signer }).render(request);
}, 180_000);
afterAll(() => server.close());

const EXPECTED = {
  local: { sourceType: DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia, model: LOCAL_MODEL },
  openai: { sourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia, model: MODEL },
} as const;

describe.each(['local', 'openai'] as const)('%s renderer: every image says what it is', (renderer) => {
  it.each([
    ['full JPEG', 'full', 'image/jpeg'],
    ['web WebP', 'web', 'image/webp'],
  ] as const)('%s: IPTC digital source type and software agent in XMP, a valid manifest whose parent is the uploaded photo', async (_name, file, format) => {
    const bytes = rendered[renderer][file];
    const xmp = await xmpOf(bytes);
    expect(xmp).toContain(`<Iptc4xmpExt:DigitalSourceType>${EXPECTED[renderer].sourceType}</Iptc4xmpExt:DigitalSourceType>`);
    expect(xmp).toMatch(new RegExp(`<xmp:CreatorTool>${PRODUCT_NAME} \\([^)]*renderer|edit[^<]*${EXPECTED[renderer].model.replace(/[()+]/g, '.')}`));

    const report = await verifyCredentials(bytes, format, signer);
    expect(report.status).toBe('signed_by_us');
    expect(report.problems).toEqual([]);
    expect(report.photoSha256).toBe(photoSha256(dealerPhoto));
    expect(report).toMatchObject({ renderer, model: EXPECTED[renderer].model, digitalSourceType: EXPECTED[renderer].sourceType });
    const actions = report.actions.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['c2pa.opened', 'c2pa.edited', 'c2pa.color_adjustments']));
    expect(actions[0]).toBe('c2pa.opened');
    for (const a of report.actions) expect(a.digitalSourceType).toMatch(/^http:\/\/cv\.iptc\.org\/newscodes\/digitalsourcetype\//);
    expect(report.actions.map((a) => a.description).join(' ')).toMatch(/Background replaced.*Light adjusted/);
    if (renderer === 'local') {
      expect(report.carFidelity).toMatchObject({ measured: true, threshold: 0.75 });
      expect(report.carFidelity!.score).toBe(rendered.local.metadata.fidelity);
      expect(report.carFidelity!.passed).toBe(rendered.local.metadata.fidelity! >= 0.75);
    } else {
      // No car masker: the credentials say the car was not measured rather than inventing a score.
      expect(report.carFidelity).toEqual({ measured: false, score: null, threshold: 0.75, passed: null });
    }
  });

  it('carries no GPS position, camera or serial number from the dealer\'s photo', async () => {
    for (const bytes of [rendered[renderer].full, rendered[renderer].web]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      const text = bytes.toString('latin1');
      for (const leaked of [SERIAL, CAMERA, 'TestCam', 'GPSLatitude', 'exif:GPS']) expect(text).not.toContain(leaked);
    }
  });
});

describe('validation reports what happened after signing', () => {
  it('one byte changed in a signed JPEG or WebP (pixels, headers, XMP) or in what its manifest says: altered', async () => {
    for (const [bytes, format] of [[rendered.local.full, 'image/jpeg'], [rendered.openai.web, 'image/webp']] as const) {
      const store = manifestStoreRange(bytes, format);
      const expectAltered = async (at: number, why: string) => {
        const changed = Buffer.from(bytes);
        changed[at] = changed[at]! ^ 0x01;
        const report = await verifyCredentials(changed, format, signer);
        expect(report.status, `${format}: ${why} (byte ${at} of ${bytes.length})`).toBe('altered');
        return report;
      };
      // 40 places spread over the file outside the manifest store, both ends included.
      for (let k = 0; k < 40; k++) {
        let at = Math.min(bytes.length - 1, 2 + Math.floor(((bytes.length - 3) * k) / 39));
        if (at >= store.start && at < store.end) at = k % 2 && store.end < bytes.length ? store.end : store.start - 1;
        await expectAltered(at, 'image byte');
      }
      const pixels = store.start > bytes.length - store.end ? store.start >> 1 : (store.end + bytes.length) >> 1;
      expect((await expectAltered(pixels, 'pixel data')).problems.join(' ')).toMatch(/dataHash\.mismatch/);
      // Inside the manifest: our car fidelity assertion, and the signing certificate (signed in the COSE header).
      await expectAltered(bytes.indexOf('threshold', store.start) + 10, 'car fidelity assertion');
      await expectAltered(bytes.indexOf('Studio Lot studio images', store.start) + 3, 'signing certificate');
    }
  });

  it('the manifest moved onto another image: altered', async () => {
    const other = await sharp(car('hyundai-ioniq5-silver-front34-grass.jpg')).resize(1536, 1024).jpeg({ quality: 90 }).toBuffer();
    const moved = transplantManifest(rendered.local.full, other);
    expect((await verifyCredentials(moved, 'image/jpeg', signer)).status).toBe('altered');
  });

  it('credentials signed with another certificate: valid, but not signed by us', async () => {
    const stranger = new LocalContentSigner(mkdtempSync(join(tmpdir(), 'c2pa-other-')));
    const unsigned = { ...rendered.local, full: await sharp(rendered.local.full).jpeg().toBuffer(), web: await sharp(rendered.local.web).webp().toBuffer() };
    const theirs = await signRenderedImage(unsigned, [{ id: 'drafts/u1/p1/photo-1.jpg', bytes: dealerPhoto }], undefined, { signer: stranger, fidelityThreshold: 0.75 });
    expect((await verifyCredentials(theirs.full, 'image/jpeg', stranger)).status).toBe('signed_by_us');
    const report = await verifyCredentials(theirs.full, 'image/jpeg', signer);
    expect(report.status).toBe('not_signed_by_us');
    expect(report.problems).toEqual([]);
  });

  it('a placed logo and a mirrored side are listed among the actions; a logo that could not be read is not', async () => {
    const unsigned = { ...rendered.local, full: await sharp(rendered.local.full).jpeg().toBuffer(), web: await sharp(rendered.local.web).webp().toBuffer() };
    const photos = [{ id: 'drafts/u1/p1/photo-1.jpg', bytes: dealerPhoto }];
    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c00' } }).png().toBuffer();
    const withLogo = await signRenderedImage({ ...unsigned, metadata: { ...unsigned.metadata, mirrored: true } }, photos, logo, { signer, fidelityThreshold: 0.75 });
    const described = (await verifyCredentials(withLogo.full, 'image/jpeg', signer)).actions.map((a) => a.description).join(' | ');
    expect(described).toMatch(/logo placed/);
    expect(described).toMatch(/Mirrored/);
    const leftOut = await signRenderedImage({ ...unsigned, metadata: { ...unsigned.metadata, warnings: ['The dealer logo could not be read and was left out.'] } }, photos, logo, { signer, fidelityThreshold: 0.75 });
    expect((await verifyCredentials(leftOut.full, 'image/jpeg', signer)).actions.map((a) => a.description).join(' | ')).not.toMatch(/logo|Mirrored/);
  });

  it('a plain photo: no content credentials', async () => {
    expect((await verifyCredentials(car('bmw-x3-blue-front34-parked-4540px.jpg'), 'image/jpeg', signer)).status).toBe('none');
    expect((await verifyCredentials(await sharp(car('bmw-2002-silver-front34-grass.jpg')).webp().toBuffer(), 'image/webp', signer)).status).toBe('none');
  });
});
