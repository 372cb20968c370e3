import { KeyRound } from 'lucide-react';
import { actingMemberLabel } from '@shared/team';
import { useState } from 'react';
import { toast } from 'sonner';
import { INTEGRATION_MESSAGES } from '@shared/messages';
import { createApiKeyRequestSchema } from '@shared/schemas/integrations';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integrations';
import { OneFieldForm } from './one-field-form';
import { QueryList } from './query-list';
import { SecretOnce } from './secret-once';
import { formatWhen } from './format-when';

/** Settings → API keys: create (shown once), list with last use, revoke. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);

  const submit = () => {
    const parsed = createApiKeyRequestSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? INTEGRATION_MESSAGES.keyNameRequired);
    setError(null);
    create.mutate(parsed.data.name, {
      onSuccess: (created) => {
        setShown(created.secret);
        setName('');
      },
      onError: (e) => toast.error('The key was not created', { description: e.message }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden="true" />
          API keys
        </CardTitle>
        <CardDescription>
          Keys let your inventory system or photographer&apos;s app create car packages and read them through the{' '}
          <a className="font-medium text-blue-700 underline" href="/docs/api">
            Studio Lot API
          </a>
          , using your credits. A key is shown once; we keep only its fingerprint.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <OneFieldForm
          label="Key name"
          value={name}
          onChange={setName}
          onSubmit={submit}
          submitLabel="Create key"
          pendingLabel="Creating..."
          pending={create.isPending}
          error={error}
          inputProps={{ placeholder: 'e.g. DMS sync' }}
        />
        {shown && <SecretOnce label="Your new API key. Copy it now: it will not be shown again." secret={shown} />}
        <QueryList query={keys} items={(d) => d.keys} loadingLabel="Loading your API keys" emptyText="No API keys yet." label="API keys">
          {(k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {k.name} <code className="ml-1 font-mono text-xs text-slate-600">{k.prefix}</code>
                </p>
                <p className="text-sm text-slate-600">
                  {k.revoked_at ? `Revoked ${formatWhen(k.revoked_at)}` : k.last_used_at ? `Last used ${formatWhen(k.last_used_at)}` : 'Never used'} · {k.calls} {k.calls === 1 ? 'call' : 'calls'}
                  {/* Issue 42: who made the key ("Former member" once they erased their data). */}
                  {actingMemberLabel(k.created_by) && <span data-testid="api-key-created-by"> · Created by {actingMemberLabel(k.created_by)}</span>}
                </p>
              </div>
              {!k.revoked_at && (
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" size="sm">
                      Revoke
                    </Button>
                  }
                  title={`Revoke "${k.name}"?`}
                  description="Anything using this key stops working at once. This cannot be undone."
                  confirmLabel="Revoke key"
                  pendingLabel="Revoking..."
                  run={async () => {
                    await revoke.mutateAsync(k.id);
                    toast.success('Key revoked');
                  }}
                />
              )}
            </li>
          )}
        </QueryList>
      </CardContent>
    </Card>
  );
}
