import { createHash } from 'node:crypto';
import { ulid } from 'ulid';

/** Time-ordered id (ULID) for items listed newest first. */
export const newId = (): string => ulid();

/** SHA-256 (hex): secrets and tokens are stored only as theirs; files are told apart by theirs. */
export const sha256 = (value: string | Uint8Array): string => createHash('sha256').update(value).digest('hex');
