// zod/mini: the SPA validates this at boot, and the classic API would add ~23 KB gzip to every page.
import { z } from 'zod/mini';

/**
 * The SPA's runtime configuration, served as /config.json next to the SPA so that one build runs in every
 * environment. Nothing secret belongs here.
 */
export const runtimeConfigSchema = z.object({
  apiUrl: z.string().check(z.minLength(1)),
  webSocketUrl: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  /** Set locally only: where Amplify sends Cognito calls instead of the AWS endpoint. */
  userPoolEndpoint: z.optional(z.string()),
  stripePublishableKey: z.string().check(z.minLength(1)),
  /** "local" shows the local mailbox and the payment simulator's card form. */
  home: z.enum(['aws', 'local']),
  /**
   * False when the compositor has no scene library (SCENES_DIR locally, `-c scenesDir` in AWS): the background picker
   * offers Studio, Showroom and the original location only, and says why.
   */
  outdoorStyles: z.optional(z.boolean()),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** The publishable key the local payment simulator answers to: with it the SPA shows the simulator's card form. */
export const LOCAL_PAYMENT_SIMULATOR_KEY = 'pk_test_local_simulator';
