import type {
  CreateTrialAccountResponse,
  TransferPhotosResponse,
  TrialUploadCompleteResponse,
  TrialUploadResponse,
  TrialValidationResponse,
} from '@shared/schemas/trial';
import { api } from '@/lib/api-client';

const path = (token: string) => encodeURIComponent(token);

export const validateTrialToken = (token: string) => api.get<TrialValidationResponse>(`/api/trial/validate-token/${path(token)}`);

/** One presigned POST per photo (the spec's multipart upload, sent straight to storage instead). */
export const requestTrialUploads = (token: string, files: File[]) =>
  api.post<TrialUploadResponse>(`/api/trial/upload-photos/${path(token)}`, { files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })) });

/** The server checks every uploaded photo by its bytes and the car check: the spec's { success, uploaded_count, error } and each photo's verdict. */
export const completeTrialUploads = (token: string) => api.post<TrialUploadCompleteResponse>(`/api/trial/upload-photos/${path(token)}/complete`);

export const createTrialAccount = (body: { token: string; email: string; dealer_name: string }) => api.post<CreateTrialAccountResponse>('/api/trial/create-account', body);

/** Form-encoded, as the spec calls them. */
export const transferTrialPhotos = (trialToken: string, userId: string) =>
  api.post<TransferPhotosResponse>('/api/trial/transfer-photos', new URLSearchParams({ trial_token: trialToken, user_id: userId }), { auth: true });

export const transferTrialPhotosByEmail = (email: string, userId: string) =>
  api.post<TransferPhotosResponse>('/api/trial/transfer-photos-by-email', new URLSearchParams({ email, user_id: userId }), { auth: true });
