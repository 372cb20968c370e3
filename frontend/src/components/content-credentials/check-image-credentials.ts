// First: this module is loaded on its own on the shared car's page, whose entry loads no zod (see zod-config.ts).
import '@/lib/zod-config';
import type { CredentialsReport } from '@shared/schemas/content-credentials';
import { api } from '@/lib/api-client';
import { ensureRuntimeConfig } from '@/lib/runtime-config';

/**
 * Reads an image's content credentials on the server (POST /api/content-credentials/verify, public). The configuration
 * is loaded on first use: the shared car page starts without it.
 */
export async function checkImageCredentials(image: Blob): Promise<CredentialsReport> {
  await ensureRuntimeConfig();
  return api.post<CredentialsReport>('/api/content-credentials/verify', image, { auth: false });
}
