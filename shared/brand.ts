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
/** Measured processing times, for copy that must be honest about them (decisions.md, 7). */
export const PROCESSING_TIMES = {
  /**
   * Car packages on the studio compositor, the renderer of both homes (docs/benchmarks.md, Package): checking and
   * cutting out takes about 1 CPU-second per photo (2.5 s of wall time on a loaded 2-core machine), then the angles
   * render at once in about a second each (1.3 CPU-s a render task in AWS).
   */
  localSecondsPerPackagePhoto: 2.5,
} as const;
