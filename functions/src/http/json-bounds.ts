import { JSON_BODY_BOUNDS } from '@shared/limits';
import { INPUT_BOUNDS_MESSAGES } from '@shared/messages';

export interface JsonBoundsProblem {
  /** Where in the body: `body`, `metadata.batch`, `photos.0`. */
  field: string;
  message: string;
}

type Bounds = { maxDepth: number; maxNumber: number; minFraction: number; maxKeyLength: number };

/**
 * The first thing in a parsed JSON value that no route accepts and the table cannot hold: nesting deeper than
 * `maxDepth` (the value itself is level 1), a number outside the accepted range, an empty or overlong key.
 * Walks iteratively, so a body nested thousands of levels deep cannot exhaust the stack.
 */
export function jsonBoundsProblem(value: unknown, bounds: Bounds = JSON_BODY_BOUNDS): JsonBoundsProblem | undefined {
  const stack: { value: unknown; path: (string | number)[]; depth: number }[] = [{ value, path: [], depth: 1 }];
  const name = (path: (string | number)[]) => (path.length ? path.join('.') : 'body');
  while (stack.length) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'number') {
      const size = Math.abs(v);
      if (!Number.isFinite(v) || size > bounds.maxNumber || (size !== 0 && size < bounds.minFraction)) {
        return { field: name(path), message: INPUT_BOUNDS_MESSAGES.numberOutOfRange(name(path), bounds.maxNumber) };
      }
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth > bounds.maxDepth) return { field: name(path), message: INPUT_BOUNDS_MESSAGES.tooDeep(name(path), bounds.maxDepth) };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: [...path, i], depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
      if (key.length === 0) return { field: name(path), message: INPUT_BOUNDS_MESSAGES.emptyKey(name(path)) };
      if (key.length > bounds.maxKeyLength) return { field: name(path), message: INPUT_BOUNDS_MESSAGES.keyTooLong(name(path), bounds.maxKeyLength) };
      stack.push({ value: item, path: [...path, key], depth: depth + 1 });
    }
  }
  return undefined;
}
