import { Fragment } from 'react';
import { BackHomeHeader } from '@/components/layout/back-home-header';
import { WALKTHROUGH, WALKTHROUGH_VARIABLES } from '@shared/api-walkthrough';
import { API_DEALER_CALLS_PER_MINUTE, API_KEY_CALLS_PER_MINUTE, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from '@shared/integrations';
import { SiteFooter } from '@/components/layout/site-footer';
import { Spinner } from '@/components/ui/spinner';
import { CodeBlock } from './code-block';
import { usePageMeta } from '@/lib/page-meta';
import { useOpenApiDocument, type OpenApiSchema, type Operation } from '../api/openapi';

const typeOf = (s: OpenApiSchema): string =>
  s.enum ? s.enum.map((v) => JSON.stringify(v)).join(' | ') : s.anyOf ? s.anyOf.map(typeOf).join(' | ') : s.type === 'array' && s.items ? `${typeOf(s.items)}[]` : [s.type ?? 'object'].flat().join(' | ');

function Fields({ schema }: { schema: OpenApiSchema }) {
  return (
    <ul className="mt-2 grid gap-1 text-sm">
      {Object.entries(schema.properties ?? {}).map(([name, p]) => (
        <li key={name}>
          <code className="font-mono text-slate-900">{name}</code> <span className="text-slate-600">{typeOf(p)}</span>
          {schema.required?.includes(name) && <span className="ml-1 text-xs font-semibold text-red-700">required</span>}
          {p.description && <span className="text-slate-700"> – {p.description}</span>}
        </li>
      ))}
    </ul>
  );
}

/** A description of the OpenAPI document, its `code` spans as code. */
function WithCode({ text }: { text: string }) {
  return text.split(/`([^`]+)`/).map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="font-mono text-slate-900">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

function OperationBlock({ method, path, op }: { method: string; path: string; op: Operation }) {
  return (
    <section aria-labelledby={op.operationId} className="rounded-md border border-slate-200 p-4">
      <h3 id={op.operationId} className="font-semibold text-slate-900">
        <code className="mr-2 rounded bg-slate-900 px-1.5 py-0.5 font-mono text-xs text-white">{method.toUpperCase()}</code>
        <code className="break-all font-mono text-sm">{path}</code>
      </h3>
      <p className="mt-1 text-slate-800">{op.summary}</p>
      {op.description && (
        <p className="mt-1 text-sm text-slate-700">
          <WithCode text={op.description} />
        </p>
      )}
      {op.parameters?.length ? (
        <ul className="mt-2 grid gap-1 text-sm">
          {op.parameters.map((p) => (
            <li key={`${p.in}-${p.name}`}>
              <code className="font-mono text-slate-900">{p.name}</code> <span className="text-slate-600">({p.in})</span>
              {p.description && <span className="text-slate-700"> – {p.description}</span>}
            </li>
          ))}
        </ul>
      ) : null}
      {op.requestBody && <Fields schema={op.requestBody.content['application/json'].schema} />}
      <p className="mt-3 text-sm font-medium text-slate-900">Answers</p>
      {/* This route's own status codes (shared/openapi.ts), in order. */}
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm" data-testid="route-answers">
        {Object.entries(op.responses).map(([status, response]) => (
          <Fragment key={status}>
            <dt>
              <code className="font-mono font-semibold text-slate-900">{status}</code>
            </dt>
            <dd className="text-slate-700">
              <WithCode text={response.description} />
            </dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/** /docs/api: how to use the API without asking us: the walk-through (run as written by a test) and the reference. */
export function ApiDocsPage() {
  usePageMeta('API reference', 'Create car packages, upload photos, start them and download studio images from your own systems.');
  const doc = useOpenApiDocument();
  return (
    <>
      <BackHomeHeader width="max-w-4xl" />
      <main className="bg-white">
        <article className="mx-auto grid max-w-4xl gap-8 px-4 py-12 sm:px-6">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Studio Lot API</h1>
            <p className="mt-4 text-slate-700">
              Push a car&apos;s photos from your inventory system or photographer&apos;s app by stock number or VIN, and pull the
              finished studio images into your listings. The machine-readable description is{' '}
              <a className="font-medium text-blue-700 underline" href="/api/v1/openapi.json">
                /api/v1/openapi.json
              </a>{' '}
              (OpenAPI 3.1).
            </p>
          </div>
          <section aria-labelledby="auth" className="grid gap-2">
            <h2 id="auth" className="text-xl font-semibold text-slate-900">Keys, limits and errors</h2>
            <p className="text-slate-700">
              Create a key in Settings → API keys and send it as <code className="font-mono">Authorization: Bearer slk_…</code>. A
              key acts as your account, with your credits, on the routes below only; revoking it stops it at once. Each key may
              make {API_KEY_CALLS_PER_MINUTE} calls a minute, and all your keys together {API_DEALER_CALLS_PER_MINUTE}; past that the
              answer is 429 with a Retry-After header (seconds).
            </p>
            <p className="text-slate-700">
              Errors answer <code className="font-mono">{'{ "type": "invalid_request_error", "message": "…", "param": "photos" }'}</code>:{' '}
              <code className="font-mono">type</code> for programs, <code className="font-mono">message</code> for people,{' '}
              <code className="font-mono">param</code> the field at fault (or null). A request refused before it reaches the API
              (no key, an unknown or revoked key) answers 401 with <code className="font-mono">{'{ "message": "Unauthorized" }'}</code>.
              Lists are paginated by cursor: pass <code className="font-mono">next_cursor</code> as <code className="font-mono">cursor</code> while{' '}
              <code className="font-mono">has_more</code> is true.
            </p>
          </section>
          <section aria-labelledby="walkthrough" className="grid gap-4">
            <h2 id="walkthrough" className="text-xl font-semibold text-slate-900">Walk-through with curl</h2>
            <p className="text-slate-700">
              Set two variables, put a photo <code className="font-mono">front-left.jpg</code> in the folder, and run the steps in
              one bash (they use curl and jq):
            </p>
            <ul className="list-disc pl-6 text-slate-700">
              {Object.entries(WALKTHROUGH_VARIABLES).map(([name, text]) => (
                <li key={name}>
                  <code className="font-mono">{name}</code>: {text}
                </li>
              ))}
            </ul>
            {WALKTHROUGH.map((step) => (
              <div key={step.title} className="grid gap-2">
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="text-slate-700">{step.text}</p>
                <CodeBlock code={step.code} label={step.title} />
              </div>
            ))}
          </section>
          <section aria-labelledby="webhooks" className="grid gap-2">
            <h2 id="webhooks" className="text-xl font-semibold text-slate-900">Webhooks</h2>
            <p className="text-slate-700">
              Register an https endpoint in Settings → Webhooks. It receives <code className="font-mono">package.completed</code>,{' '}
              <code className="font-mono">package.failed</code> and <code className="font-mono">angle.completed</code> as a JSON POST{' '}
              <code className="font-mono">{'{ "id", "type", "created_at", "data" }'}</code>. Answer with any 2xx; anything else is
              retried with growing pauses (1, 3, 9, 27… minutes) for a day. The same event may arrive twice: use its id.
            </p>
            <p className="text-slate-700">
              Check every delivery: the <code className="font-mono">{WEBHOOK_SIGNATURE_HEADER}</code> header reads{' '}
              <code className="font-mono">t=&lt;unix seconds&gt;,v1=&lt;signature&gt;</code>. Compute HMAC-SHA256 of{' '}
              <code className="font-mono">&lt;t&gt;.&lt;raw body&gt;</code> with the endpoint&apos;s secret (whsec_…), compare its
              hex form with v1 in constant time, and refuse a t older than {WEBHOOK_TOLERANCE_SECONDS / 60} minutes.
            </p>
          </section>
          <section aria-labelledby="reference" className="grid gap-3">
            <h2 id="reference" className="text-xl font-semibold text-slate-900">Reference</h2>
            {doc.isPending ? (
              <Spinner label="Loading the reference" />
            ) : doc.isError ? (
              <p role="alert" className="text-red-700">
                The reference could not be loaded: {doc.error.message}
              </p>
            ) : (
              Object.entries(doc.data.paths).flatMap(([path, methods]) =>
                Object.entries(methods).map(([method, op]) => <OperationBlock key={`${method} ${path}`} method={method} path={path} op={op} />),
              )
            )}
          </section>
        </article>
      </main>
      <SiteFooter />
    </>
  );
}
