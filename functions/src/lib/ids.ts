import { createHash } from 'node:crypto';
import { ulid } from 'ulid';

/** Time-ordered id (ULID) for items listed newest first. */
export const newId = (): string => ulid();

/** Secrets and tokens are stored only as their SHA-256. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
