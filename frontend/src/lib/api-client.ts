import { MESSAGES } from '@shared/messages';
import { apiErrorSchema } from '@shared/schemas/common';
import { ApiError } from './api-error';
import { getRuntimeConfig } from './runtime-config';

export { ApiError };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData, URLSearchParams or a Blob (sent as is, with its type). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A signed-in dealer's call: attach `Authorization: Bearer <access token>` (refused with 401 when signed out). */
  auth?: boolean;
}

function apiUrl(path: string): string {
  const base = getRuntimeConfig().apiUrl.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The server names the field its validation message is about ("photos.0: car.jpg: …", for API clients); the dealer
 * reads the message without it. Per-field messages stay in `fields`.
 */
export function withoutFieldName(message: string, fields: Record<string, string>): string {
  const field = Object.keys(fields).find((name) => message.startsWith(`${name}: `));
  return field ? message.slice(field.length + 2) : message;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const fields = parsed.data.fields ?? {};
    return new ApiError(withoutFieldName(parsed.data.message, fields), response.status, parsed.data.code, fields);
  }
  if (response.status === 429) return new ApiError(MESSAGES.tooManyRequests, 429, 'too_many_requests');
  // A body without our { message, code } (a gateway's, a proxy's, raw JSON) is never shown: the dealer reads the
  // catalogue's generic text, the body stays in the console for whoever debugs it.
  if (text.trim()) console.warn(`API ${response.status} without an error code:`, text.slice(0, 500));
  return new ApiError(MESSAGES.internalError, response.status, 'http_error');
}

/** The one API client of the SPA: JSON in and out, typed errors. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, auth } = options;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) payload = body;
  else if (body instanceof Blob) {
    payload = body;
    headers['content-type'] = body.type || 'application/octet-stream';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  if (auth) {
    // Loaded on the first authenticated call only: public pages never pull in the sign-in code.
    const { getAccessToken } = await import('./amplify-auth');
    const token = await getAccessToken();
    if (!token) throw new ApiError(MESSAGES.authRequired.description, 401, 'unauthorized');
    headers.authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method, headers, body: payload, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(MESSAGES.internalError, 0, 'network_error');
  }
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
