/** Where the dealer's logo is in the uploads bucket (no imports: the erasure and the CDK app read it too). */
export const logoKeys = {
  prefix: (sub: string) => `logos/${sub}/`,
  /** Where the browser uploads; read once by the save, then removed. */
  upload: (sub: string) => `logos/${sub}/upload`,
  /** The checked, re-encoded logo the renderer reads. */
  checked: (sub: string) => `logos/${sub}/logo.png`,
};
