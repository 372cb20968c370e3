import { config } from 'zod/v4/core';

/**
 * Imported first by each entry. zod compiles object parsers with `new Function` when it can, and probes for that
 * when an object schema is created; the CSP (no 'unsafe-eval') forbids it and would report the probe as a
 * violation. Jitless parsing is what zod does under such a CSP anyway, without the probe.
 */
config({ jitless: true });
