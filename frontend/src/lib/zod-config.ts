import { config } from 'zod/v4/core';

/**
 * Imported first by the SPA's entry, by the landing page's lazily loaded auth dialogs (the landing entry itself loads
 * no zod), and by the shared car page's lazily loaded API calls (the content credentials check, the dealer's Download
 * all; that entry loads no zod either). zod compiles object parsers with `new Function` when it can, and probes for that
 * when an object schema is created; the CSP (no 'unsafe-eval') forbids it and would report the probe as a
 * violation. Jitless parsing is what zod does under such a CSP anyway, without the probe.
 */
config({ jitless: true });
