import type { CredentialsReport } from '@shared/schemas/content-credentials';
import { api } from '@/lib/api-client';

/** Reads an image's content credentials on the server (POST /api/content-credentials/verify, public). */
export function checkImageCredentials(image: Blob): Promise<CredentialsReport> {
  return api.post<CredentialsReport>('/api/content-credentials/verify', image, { auth: false });
}
