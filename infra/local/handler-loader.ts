import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const HANDLERS_DIR = resolve(import.meta.dirname, '../../functions/src/handlers');
const cache = new Map<string, Promise<LambdaHandler>>();

/** Loads functions/src/handlers/<name>.ts once: the same entry file CDK bundles into that Lambda. */
export function loadHandler(name: string): Promise<LambdaHandler> {
  if (!/^[a-z0-9-]+$/.test(name)) return Promise.reject(new Error(`Bad handler name: ${name}`));
  let loaded = cache.get(name);
  if (!loaded) {
    loaded = import(pathToFileURL(resolve(HANDLERS_DIR, `${name}.ts`)).href).then((m: { handler?: LambdaHandler }) => {
      if (typeof m.handler !== 'function') throw new Error(`functions/src/handlers/${name}.ts exports no handler`);
      return m.handler;
    });
    cache.set(name, loaded);
  }
  return loaded;
}

/** A Lambda context as the runtime gives it, for handlers run in this process. */
export function lambdaContext(functionName: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
