import { Rss } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useInventoryFeedLink, useRenewInventoryFeedLink } from '../api/integrations';
import { SecretOnce } from './secret-once';
import { formatWhen } from './format-when';

/** Settings → Inventory feed: the secret link for listing sites (made or renewed here, shown once) and the API's account id. */
export function InventoryFeedCard() {
  const status = useInventoryFeedLink();
  const renew = useRenewInventoryFeedLink();
  const [shown, setShown] = useState<string | null>(null);
  const active = status.data?.active === true;

  const make = async () => {
    const link = await renew.mutateAsync();
    setShown(link.url);
    toast.success(active ? 'New feed link made' : 'Feed link made');
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Rss className="size-5" aria-hidden="true" />
          Inventory feed
        </CardTitle>
        <CardDescription>
          A list of your cars for listing sites, as CSV (or JSON): VIN, stock number, name, year, make, model, status, and links to the finished images in
          three sizes (1536, 1024 and 640x480 px) and to the walk-around video. Give a listing site the secret link below, or let your inventory system
          read it with an API key (see the{' '}
          <a className="font-medium text-blue-700 underline" href="/docs/api">
            API reference
          </a>
          ).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <p className="text-sm text-slate-600" role="status">
            Loading your feed link
          </p>
        ) : status.isError ? (
          <p className="text-sm text-red-700" role="alert">
            Your feed link could not be loaded: {status.error.message}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700" data-testid="feed-link-status">
              {active && status.data.created_at
                ? `You have a feed link, made ${formatWhen(status.data.created_at)}. It is shown only when made: if you lost it, make a new one.`
                : 'No feed link yet.'}
            </p>
            <div>
              {active ? (
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" size="sm">
                      Make a new link
                    </Button>
                  }
                  title="Make a new feed link?"
                  description="The current link stops working at once, and so do the image links listing sites got from it. Give them the new link."
                  confirmLabel="Make a new link"
                  pendingLabel="Making..."
                  run={make}
                />
              ) : (
                <Button size="sm" disabled={renew.isPending} onClick={() => void make().catch((e: Error) => toast.error('The feed link was not made', { description: e.message }))}>
                  {renew.isPending ? 'Making...' : 'Make feed link'}
                </Button>
              )}
            </div>
            {shown && <SecretOnce label="Your feed link (CSV; add ?format=json for JSON). Copy it now: it will not be shown again." secret={shown} />}
            <p className="text-sm text-slate-600">
              Your account id for the API&apos;s feed URL: <code className="break-all font-mono text-xs text-slate-900">{status.data.dealer_id}</code>
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
