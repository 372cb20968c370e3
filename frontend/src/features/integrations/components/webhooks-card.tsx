import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { INTEGRATION_MESSAGES } from '@shared/messages';
import type { WebhookEndpoint } from '@shared/schemas/integrations';
import { createWebhookEndpointRequestSchema } from '@shared/schemas/integrations';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useCreateWebhookEndpoint, useDeleteWebhookEndpoint, useSendTestWebhook, useWebhookDeliveries, useWebhookEndpoints } from '../api/integrations';
import { formatWhen } from './format-when';
import { OneFieldForm } from './one-field-form';
import { QueryList } from './query-list';
import { SecretOnce } from './secret-once';

const STATUS_COLOUR = { delivered: 'green', pending: 'yellow', failed: 'red' } as const;

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  if (deliveries.isPending) return <Spinner label="Loading deliveries" />;
  if (deliveries.isError) return <p role="alert" className="text-sm text-red-700">{deliveries.error.message}</p>;
  if (deliveries.data.deliveries.length === 0) return <p className="text-sm text-slate-600">No deliveries yet.</p>;
  return (
    <ul className="grid gap-2" aria-label={`Deliveries to ${endpoint.url}`}>
      {deliveries.data.deliveries.map((d) => (
        <li key={d.id} className="rounded border border-slate-200 p-2 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-slate-900">{d.event_type}</code>
            <Badge colour={STATUS_COLOUR[d.status]}>{d.status}</Badge>
            <span className="text-slate-600">{formatWhen(d.created_at)}</span>
          </div>
          <ol className="mt-1 flex flex-wrap gap-x-3 text-slate-700" aria-label="Attempts">
            {d.attempts.map((a, i) => (
              <li key={a.at}>
                #{i + 1}: {a.status_code ?? 'no answer'}
                {a.error ? ` (${a.error})` : ''}
              </li>
            ))}
          </ol>
          {d.next_attempt_at && <p className="text-slate-600">Next attempt {formatWhen(d.next_attempt_at)}</p>}
        </li>
      ))}
    </ul>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const test = useSendTestWebhook(endpoint.id);
  const remove = useDeleteWebhookEndpoint();
  return (
    <li className="grid gap-3 p-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-medium text-slate-900">{endpoint.url}</p>
          <p className="text-sm text-slate-600">{endpoint.events.join(', ')}</p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={test.isPending}
            onClick={() => test.mutate(undefined, { onSuccess: () => toast.success('Test event queued'), onError: (e) => toast.error(e.message) })}
          >
            Send test event
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm">
                Delete
              </Button>
            }
            title="Delete this endpoint?"
            description="It receives no more events, and its delivery log is deleted with it."
            confirmLabel="Delete endpoint"
            pendingLabel="Deleting..."
            run={async () => {
              await remove.mutateAsync(endpoint.id);
            }}
          />
        </div>
      </div>
      <Deliveries endpoint={endpoint} />
    </li>
  );
}

/** Settings → Webhooks: endpoints that receive package.completed, package.failed and angle.completed, signed. */
export function WebhooksCard() {
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const submit = () => {
    const parsed = createWebhookEndpointRequestSchema.safeParse({ url });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? INTEGRATION_MESSAGES.endpointUrlRequired);
    setError(null);
    create.mutate(parsed.data.url, {
      onSuccess: (created) => {
        setSecret(created.secret);
        setUrl('');
      },
      onError: (e) => setError(e.message),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Webhook className="size-5" aria-hidden="true" />
          Webhooks
        </CardTitle>
        <CardDescription>
          We send your https endpoint an event when a car package finishes (package.completed, package.failed) and when each
          angle is ready (angle.completed), signed with the endpoint&apos;s secret; failed deliveries are retried for a day.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <OneFieldForm
          label="Endpoint URL"
          value={url}
          onChange={setUrl}
          onSubmit={submit}
          submitLabel="Add endpoint"
          pendingLabel="Adding..."
          pending={create.isPending}
          error={error}
          inputProps={{ type: 'url', inputMode: 'url', placeholder: 'https://dms.example.com/studio-lot' }}
        />
        {secret && <SecretOnce label="The endpoint's signing secret. Copy it now: it will not be shown again." secret={secret} />}
        <QueryList
          query={endpoints}
          items={(d) => d.endpoints}
          loadingLabel="Loading your webhook endpoints"
          emptyText="No endpoints yet."
          label="Webhook endpoints"
        >
          {(e) => <EndpointItem key={e.id} endpoint={e} />}
        </QueryList>
      </CardContent>
    </Card>
  );
}
