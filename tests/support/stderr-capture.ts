import { vi } from 'vitest';

/**
 * Captures what is written to standard error (where the logger writes its JSON lines, CloudWatch's log lines in AWS)
 * while still passing it through. `lines()` is every line written so far; call `restore()` in a `finally`.
 */
export function captureStderr(): { lines: () => string[]; restore: () => void } {
  const logged: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    logged.push(String(chunk));
    return write(chunk, ...(rest as []));
  });
  return { lines: () => logged.join('').split('\n'), restore: () => spy.mockRestore() };
}
