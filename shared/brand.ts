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
   * Local car packages (docs/benchmarks.md, Package: a 3-photo package 7.3 s on 2 cores): checking and cutting out
   * takes about 2.5 s per photo, then the angles render at once in under a second each.
   */
  localSecondsPerPackagePhoto: 2.5,
  /** Cloud image model: 30 to 150 s per edit; the 8 angles of a car package render in parallel. */
  cloudSecondsPerImage: { min: 30, max: 150 },
} as const;
