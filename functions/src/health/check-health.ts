/** One engine the product depends on, and how to see that it answers. */
export interface EngineProbe {
  name: string;
  check(): Promise<string | void>;
}

export interface EngineState {
  ok: boolean;
  detail?: string;
  ms: number;
}

const PROBE_TIMEOUT_MS = 5000;

/** Runs every probe at once, each bounded in time, and reports each engine's state. */
export async function checkHealth(probes: EngineProbe[]): Promise<{ ok: boolean; engines: Record<string, EngineState> }> {
  const results = await Promise.all(
    probes.map(async (probe): Promise<[string, EngineState]> => {
      const started = Date.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        const detail = await Promise.race([
          probe.check(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
          }),
        ]);
        return [probe.name, { ok: true, ...(detail ? { detail } : {}), ms: Date.now() - started }];
      } catch (error) {
        return [probe.name, { ok: false, detail: (error as Error).name + ': ' + (error as Error).message, ms: Date.now() - started }];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const engines = Object.fromEntries(results);
  return { ok: results.every(([, s]) => s.ok), engines };
}
