import { z } from 'zod';

/**
 * The SPA's runtime configuration, served as /config.json next to the SPA so that one build runs in every
 * environment. Nothing secret belongs here.
 */
export const runtimeConfigSchema = z.object({
  apiUrl: z.string().min(1),
  webSocketUrl: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Set locally only: where Amplify sends Cognito calls instead of the AWS endpoint. */
  userPoolEndpoint: z.string().optional(),
  stripePublishableKey: z.string().min(1),
  /** "local" shows the local mailbox and the payment simulator's card form. */
  home: z.enum(['aws', 'local']),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
