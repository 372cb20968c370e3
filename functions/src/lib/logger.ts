import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured JSON logger for every function, in both homes: one JSON line per entry (POWERTOOLS_DEV=true
 * makes Powertools indent it instead, as `npm run invoke` does).
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'studio-lot' });
