import type { z } from 'zod';
import { JSON_BODY_BOUNDS } from '@shared/limits';
import { INPUT_BOUNDS_MESSAGES, MESSAGES } from '@shared/messages';
import { validationError, DomainError } from '../lib/errors';
import { jsonBoundsProblem } from './json-bounds';

/** Turns zod issues into one clear message naming the field(s), plus a field -> message map. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = `Unknown field: ${[...issue.path, key].join('.')}`;
      continue;
    }
    const field = issue.path.length ? issue.path.join('.') : where;
    fields[field] ??= issue.message.startsWith('Invalid input: expected') ? `${field}: ${issue.message.replace('Invalid input: ', '')}` : issue.message;
  }
  const first = Object.entries(fields)[0];
  const message = first ? (first[1].toLowerCase().includes(first[0].toLowerCase()) ? first[1] : `${first[0]}: ${first[1]}`) : `Invalid ${where}`;
  return throwValidation(message, fields);
}

function throwValidation(message: string, fields: Record<string, string>): never {
  throw validationError(message, fields);
}

/** A JSON body must say it is one: a form or text post (a cross-site form, a mistaken client) is refused before parsing. */
export function assertJsonContentType(headers: Record<string, string | undefined> | undefined): void {
  const type = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type.trim())) throw new DomainError('unsupported_media_type', MESSAGES.jsonContentTypeRequired);
}

/**
 * Reads a JSON body: size limit, base64 bodies, malformed JSON, and what no route accepts whatever its schema
 * (nesting, numbers and keys beyond JSON_BODY_BOUNDS), all as clear 4xx errors.
 */
export function readJsonBody(body: string | undefined, isBase64Encoded: boolean | undefined, maxBytes: number): unknown {
  if (body === undefined || body === '') throw validationError('A JSON body is required', { body: 'required' });
  const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (Buffer.byteLength(text) > maxBytes) {
    throw new DomainError('payload_too_large', `The request body is larger than ${maxBytes} bytes`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw validationError('The request body is not valid JSON', { body: 'malformed JSON' });
  }
  const problem = jsonBoundsProblem(parsed);
  if (problem) throw validationError(problem.message, { [problem.field]: problem.message });
  return parsed;
}

export function isFormContentType(headers: Record<string, string | undefined> | undefined): boolean {
  const type = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  return /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type.trim());
}

/** Reads a form-encoded body into an object of strings: size limit, base64 bodies; a field given twice is refused. */
export function readFormBody(body: string | undefined, isBase64Encoded: boolean | undefined, maxBytes: number): Record<string, string> {
  if (body === undefined || body === '') throw validationError('A form body is required', { body: 'required' });
  const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (Buffer.byteLength(text) > maxBytes) {
    throw new DomainError('payload_too_large', `The request body is larger than ${maxBytes} bytes`);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (name.length === 0) throw validationError(INPUT_BOUNDS_MESSAGES.emptyFormFieldName, { body: INPUT_BOUNDS_MESSAGES.emptyFormFieldName });
    if (name.length > JSON_BODY_BOUNDS.maxKeyLength) throw validationError(INPUT_BOUNDS_MESSAGES.keyTooLong('The form', JSON_BODY_BOUNDS.maxKeyLength), { body: 'field name too long' });
    if (Object.hasOwn(fields, name)) throw validationError(`${name} is given more than once`, { [name]: 'given more than once' });
    fields[name] = value;
  }
  return fields;
}
