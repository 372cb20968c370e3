import { LOCAL_PAYMENT_SIMULATOR_KEY } from '@shared/schemas/runtime-config';

/** The keys of the local simulator (not secrets: they only open this machine's simulator). */
export const SIMULATOR_KEYS = {
  secretKey: 'sk_test_local_simulator',
  publishableKey: LOCAL_PAYMENT_SIMULATOR_KEY,
  webhookSecret: 'whsec_local_simulator_0000000000000000',
} as const;
