import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured JSON logger for every function, in both homes. Locally POWERTOOLS_DEV=true makes
 * Powertools indent the JSON so it reads well on the console.
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'studio-lot' });
