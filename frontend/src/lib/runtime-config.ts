import { MESSAGES } from '@shared/messages';
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/schemas/runtime-config';

/** Raised when /config.json is missing or lacks a value; the app shows it instead of starting. */
export class RuntimeConfigError extends Error {
  constructor(readonly key: string) {
    super(`${MESSAGES.missingEnv}: ${key}`);
    this.name = 'RuntimeConfigError';
  }
}

let current: RuntimeConfig | null = null;

/** Parses a /config.json body; names the first missing or invalid key. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const key = result.error.issues[0]?.path.join('.') || 'config.json';
  throw new RuntimeConfigError(key);
}

/** Loads the runtime configuration once, at boot (one build runs in every environment). */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let raw: unknown;
  try {
    const response = await fetchImpl('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    raw = await response.json();
  } catch {
    throw new RuntimeConfigError('config.json');
  }
  current = parseRuntimeConfig(raw);
  return current;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new RuntimeConfigError('config.json');
  return current;
}

/** For tests and for the boot code: set the configuration already loaded. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}
