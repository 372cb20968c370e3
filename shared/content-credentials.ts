/**
 * The vocabulary of content credentials, shared by the renderers (what they write into each studio image) and the
 * SPA (what it shows): IPTC digital source types, our product's name as software agent, our own C2PA assertion.
 */
export { PRODUCT_NAME } from './brand';

const IPTC_DST = 'http://cv.iptc.org/newscodes/digitalsourcetype/';
export const DIGITAL_SOURCE_TYPES = {
  /** The dealer's photo as the camera took it. */
  digitalCapture: `${IPTC_DST}digitalCapture`,
  /** A real photo combined with parts made by a trained model (here: the car's cut-out, a new background and light). */
  compositeWithTrainedAlgorithmicMedia: `${IPTC_DST}compositeWithTrainedAlgorithmicMedia`,
  /** Every pixel made by a trained model (an image edit regenerates the whole picture from the photo). */
  trainedAlgorithmicMedia: `${IPTC_DST}trainedAlgorithmicMedia`,
} as const;

export type RendererName = 'local' | 'openai' | 'scripted';

/** The IPTC digital source type each renderer's output gets (docs/content-credentials.md says why). */
export const RENDERER_SOURCE_TYPE: Record<RendererName, string> = {
  local: DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia,
  openai: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia,
  // The test renderer stands in for the local one.
  scripted: DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia,
};

export const RENDERER_LABELS: Record<RendererName, string> = {
  local: 'Studio Lot local renderer',
  openai: 'OpenAI image edit',
  scripted: 'Studio Lot test renderer',
};

/** Our own C2PA assertion: the check that the car itself was left as photographed. */
export const CAR_FIDELITY_ASSERTION = 'com.studiolot.car-fidelity';
/** Key in the parent ingredient's metadata: SHA-256 (hex) of the dealer's uploaded photo. */
export const PHOTO_HASH_KEY = 'com.studiolot.photo-sha256';

export interface CarFidelityAssertion {
  measured: boolean;
  /** Masked structural similarity of the car in the image and in the photo (1 = identical), when measured. */
  score: number | null;
  threshold: number;
  passed: boolean | null;
  method: string;
}

/** The largest image /verify accepts (a studio image is far smaller; a Lambda request holds 6 MB as base64). */
export const MAX_VERIFY_BYTES = 4 * 1024 * 1024;
export const VERIFY_TYPES = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/webp': ['.webp'] } as const;
export const VERIFY_RATE_PER_MINUTE = 20;

/** Content credentials: the mark on studio images and the public /verify page (issue 16). */
export const CONTENT_CREDENTIALS = {
  mark: 'Content credentials',
  empty: 'Drop an image to check its content credentials.',
  tooLarge: (maxMb: number) => `This file is larger than ${maxMb} MB. Studio images are smaller: drop the image you downloaded from Studio Lot.`,
  unsupportedType: 'Only JPEG, PNG and WebP images can be checked.',
  rateLimited: 'Too many checks from your connection. Please try again in a minute.',
  status: {
    signed_by_us: 'Signed by Studio Lot: this image is exactly as we made it.',
    not_signed_by_us: 'Not signed by us: this image has content credentials, but they were signed by someone else.',
    altered: 'Altered after signing: this image was changed after its content credentials were signed, so they no longer describe it.',
    none: 'No content credentials: this image carries no content credentials.',
  },
  /** One plain sentence for the FAQ, help and Terms. */
  disclosure:
    'Every studio image carries a machine-readable AI disclosure (IPTC digital source type) and signed content credentials (C2PA) that say what our AI changed and that the car itself was checked, so buyers can trust your listing, marketplaces can recognise AI-edited photos, and the EU AI Act (Article 50) requires it.',
} as const;
