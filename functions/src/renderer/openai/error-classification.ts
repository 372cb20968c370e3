/**
 * Sorts OpenAI failures into what the state machine retries (RenderRetryableError: rate limits, 5xx,
 * time-outs, dropped connections), what it must not because of the photo (RenderPermanentError: content policy,
 * an image the model cannot read), and what is ours (a plain Error: a rejected key, a model that does not exist,
 * any other request the service refused, anything that is not an API error at all), each with a message a dealer
 * or operator can act on. Ours reaches the dealer as "failed on our side" and the operator as an alarm.
 */
import { APIConnectionError, APIError } from 'openai';
import { RenderPermanentError, RenderRetryableError } from '../port';

export function classifyOpenAiError(error: unknown): Error {
  if (error instanceof RenderRetryableError || error instanceof RenderPermanentError) return error;
  // APIConnectionTimeoutError extends APIConnectionError.
  if (error instanceof APIConnectionError) {
    const timedOut = error.constructor.name === 'APIConnectionTimeoutError';
    return new RenderRetryableError(timedOut ? 'The image service took too long; the render will be retried.' : 'Could not reach the image service; the render will be retried.');
  }
  if (error instanceof APIError) {
    const status = error.status;
    const code = String((error as APIError & { code?: unknown }).code ?? '');
    const text = `${code} ${error.message}`.toLowerCase();
    if (status === 429) return new RenderRetryableError('The image service is busy (rate limit); the render will be retried.', status);
    if (status !== undefined && status >= 500) return new RenderRetryableError(`The image service failed (${status}); the render will be retried.`, status);
    if (/content_policy|moderation|safety/.test(text))
      return new RenderPermanentError('The image service refused this photo under its content policy. Please try another photo.', status);
    if (/invalid_image|image_parse|unsupported image|invalid image/.test(text))
      return new RenderPermanentError('The image service could not read this photo. Please upload the original photo.', status);
    if (status === 401 || status === 403) return new Error(`The image service rejected the API key (${status}); check OPENAI_API_KEY.`);
    if (status === 404) return new Error('The configured image model does not exist; check RENDER_MODEL.');
    return new Error(`The image service refused the request (${status ?? 'no status'}): ${error.message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}
