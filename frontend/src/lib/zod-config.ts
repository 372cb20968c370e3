import { config } from 'zod/v4/core';

/**
 * Imported first by the SPA's and the share page's entries, and by the landing page's lazily loaded auth dialogs (the
 * landing entry itself loads no zod). zod compiles object parsers with `new Function` when it can, and probes for that
 * when an object schema is created; the CSP (no 'unsafe-eval') forbids it and would report the probe as a
 * violation. Jitless parsing is what zod does under such a CSP anyway, without the probe.
 */
config({ jitless: true });
