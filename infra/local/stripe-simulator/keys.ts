import { LOCAL_PAYMENT_SIMULATOR_KEY } from '@shared/schemas/runtime-config';

/**
 * The local payment simulator's publishable key: public by nature (it is in config.json, as Stripe's is), it only
 * confirms an intent whose client secret the caller holds. Its secret API key and webhook signing secret are not
 * constants: they are generated for each data folder (infra/local/local-secrets.ts) and given to the simulator.
 */
export const SIMULATOR_PUBLISHABLE_KEY = LOCAL_PAYMENT_SIMULATOR_KEY;

/** The keys one simulator accepts and signs with. */
export interface SimulatorKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** Whether a key is a local simulator's own (generated: sk_test_local_…, whsec_local_…; or the publishable one), not Stripe's. */
export const isSimulatorKey = (value: unknown): boolean =>
  value === SIMULATOR_PUBLISHABLE_KEY || (typeof value === 'string' && /^(sk_test_local_|whsec_local_)/.test(value)) || value === 'sk_test_local_simulator';
