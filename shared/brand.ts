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
 * How long a dealer waits for a car package, quoted once from measurement of the whole path (issue 39, item 5) and
 * read by the landing page, its FAQ, the Support Center's help and the package page, so they cannot disagree.
 * docs/benchmarks/render-and-package.md, "Package: the dealer's whole path" (2026-11-29, `npm run bench:package-path`, 5 photos making 8
 * angles, a local host on 2 busy cores): the form's check of each photo as it is added, then Generate (create, the
 * uploads and their checks), then the start to the last angle: 15.5, 18.0 and 21.6 s on a warm host, of which 7.4 to
 * 10.9 s after Generate; the first package on a host just started 50.8 s (35.5 s of checks while the models loaded),
 * 15.3 s after Generate. Quoted as about 20 seconds, up to a minute for the first one; after Generate about 10 s, up
 * to about 20. (The "Package" section's 4.6 s from Generate, on an idle machine, is within these.)
 */
export const PROCESSING_TIMES = {
  /** The measured package: 5 photos (8 angles, the missing sides filled with mirror images). */
  photos: 5,
  /** From adding the photos to the last angle, checks included: a warm host / the first package after a quiet spell. */
  wholeSeconds: { usual: 20, first: 60 },
  /** From Generate to the last angle (what the package page waits for). */
  afterGenerateSeconds: { usual: 10, first: 20 },
} as const;
const { photos, wholeSeconds, afterGenerateSeconds } = PROCESSING_TIMES;
const upTo = (seconds: number) => (seconds === 60 ? 'about a minute' : `about ${seconds} seconds`);
export const PROCESSING_TIME_TEXT = {
  /** One line for the landing page's benefits. */
  short: `A car's studio images in about ${wholeSeconds.usual} seconds from adding its photos, checks included (up to ${upTo(wholeSeconds.first)} for the first car after a quiet spell).`,
  /** The answer to "How long does processing take?" on the landing page's FAQ and in the help. */
  answer: `About ${wholeSeconds.usual} seconds for a car of ${photos} photos, from adding the photos to its last finished angle, when we measured it: each photo is checked as you add it (one whole car, which angle), checked again as it uploads, then all the angles render at the same time. The first car after a quiet spell takes longer while the service starts up, up to ${upTo(wholeSeconds.first)}. The package page shows each angle as it finishes.`,
  /** The package page while it runs: the wait from the start (Generate) to the last angle. */
  estimate: `Usually ready about ${afterGenerateSeconds.usual} seconds after it starts, up to ${upTo(afterGenerateSeconds.first)} for the first package after a quiet spell.`,
} as const;
