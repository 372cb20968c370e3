import { MESSAGES } from '@shared/messages';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';

/** Raised when /config.json is missing or lacks a value; the app shows it instead of starting. */
export class RuntimeConfigError extends Error {
  constructor(readonly key: string) {
    super(`${MESSAGES.missingEnv}: ${key}`);
    this.name = 'RuntimeConfigError';
  }
}

let current: RuntimeConfig | null = null;

// A hand-written check of the few keys of shared/schemas/runtime-config.ts: zod/mini would add ~10 KB to every page.
const REQUIRED = ['apiUrl', 'webSocketUrl', 'userPoolId', 'userPoolClientId', 'stripePublishableKey'] as const;
const HOMES: readonly RuntimeConfig['home'][] = ['aws', 'local'];

/** Parses a /config.json body; names the first missing or invalid key. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RuntimeConfigError('config.json');
  const value = raw as Record<string, unknown>;
  for (const key of REQUIRED) {
    const v = value[key];
    if (typeof v !== 'string' || v.length === 0) throw new RuntimeConfigError(key);
  }
  if (value.userPoolEndpoint !== undefined && typeof value.userPoolEndpoint !== 'string') {
    throw new RuntimeConfigError('userPoolEndpoint');
  }
  if (!HOMES.includes(value.home as RuntimeConfig['home'])) throw new RuntimeConfigError('home');
  const config: RuntimeConfig = {
    apiUrl: value.apiUrl as string,
    webSocketUrl: value.webSocketUrl as string,
    userPoolId: value.userPoolId as string,
    userPoolClientId: value.userPoolClientId as string,
    stripePublishableKey: value.stripePublishableKey as string,
    home: value.home as RuntimeConfig['home'],
  };
  if (typeof value.userPoolEndpoint === 'string') config.userPoolEndpoint = value.userPoolEndpoint;
  if (value.outdoorStyles !== undefined && typeof value.outdoorStyles !== 'boolean') throw new RuntimeConfigError('outdoorStyles');
  if (value.outdoorStyles === false) config.outdoorStyles = false;
  return config;
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

let loading: Promise<RuntimeConfig> | null = null;

/**
 * The configuration, loaded once however many callers ask at the same time (the SPA's boot and its router; the
 * landing page on first use of a dialog). A failed load is tried again by the next caller.
 */
export function ensureRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  if (current) return Promise.resolve(current);
  loading ??= loadRuntimeConfig(fetchImpl).finally(() => {
    loading = null;
  });
  return loading;
}

/** Whether the site offers the outdoor styles (the compositor has a scene library, or another renderer makes them). */
export function outdoorStylesOffered(): boolean {
  return current?.outdoorStyles !== false;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new RuntimeConfigError('config.json');
  return current;
}

/** For tests and for the boot code: set the configuration already loaded. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}
