/** The product's name and the company facts shown on the public pages, written once. */
export const PRODUCT_NAME = 'Studio Lot';
export const COMPANY = {
  legalName: 'Studio Lot Inc.',
  incorporation: 'a Delaware, USA incorporated company',
  /** A virtual office: mail is received there, nobody works there. */
  virtualOfficeAddress: '1000 N West Street, Suite 1200, Wilmington, DE 19801, USA',
  supportEmail: 'support@studiolot.example',
  enterpriseEmail: 'enterprise@studiolot.example',
  privacyEmail: 'privacy@studiolot.example',
} as const;
/** Promised answer time of the contact page. */
export const CONTACT_RESPONSE_HOURS = 24;
/** Month the legal pages were last updated (spec section 2). */
export const LEGAL_LAST_UPDATED = 'January 2025';
/**
 * How long rendering takes, quoted once from measurement (decisions.md, 7) and read by the landing page, its FAQ and
 * the Support Center's help, so they cannot disagree. The studio compositor (decisions.md turn 3) on 2 cores,
 * docs/benchmarks.md (2026-11-27, after the cut-out got its own thread): Render, a photo's first image 0.93 s median,
 * 0.76 to 1.37 s (check, cut-out, composite, encode); Package (2026-11-27, each photo checked as its upload lands),
 * 8 angles from 5 photos 3.47 s median from the start to its last angle, after 1.1 s for the draft, the uploads and
 * their checks (local, no network between): about 4.6 s from the dealer's click, quoted as about 5.
 */
export const PROCESSING_TIMES = {
  secondsPerPhoto: 1,
  measuredPackage: { photos: 5, seconds: 5 },
} as const;
const perPhoto = `${PROCESSING_TIMES.secondsPerPhoto} second${PROCESSING_TIMES.secondsPerPhoto === 1 ? '' : 's'} per photo`;
export const PROCESSING_TIME_TEXT = {
  /** One line for the landing page's benefits. */
  short: `Rendered for you in seconds: about ${perPhoto}.`,
  /** The answer to "How long does processing take?" on the landing page's FAQ and in the help. */
  answer: `About ${perPhoto}. Each photo of a car package is checked and cut out, then all its angles render at the same time, so 8 angles from ${PROCESSING_TIMES.measuredPackage.photos} photos were ready in about ${PROCESSING_TIMES.measuredPackage.seconds} seconds when we measured it. A batch photo takes about as long. You can watch each image finish live in your dashboard.`,
} as const;
