import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminStripeEvent, useAdminStripeEvents } from '../api/admin';
import { formatDateTime } from './format';
import { ListState, LoadMore } from './list-states';
import { OutcomeBadge } from './status-badges';

function EventDetailDialog({ eventId, onClose }: { eventId: string | null; onClose: () => void }) {
  const detail = useAdminStripeEvent(eventId);
  return (
    <Dialog open={eventId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Stripe event</DialogTitle>
          <DialogDescription className="font-mono text-xs break-all">{eventId}</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <Spinner label="Loading the event" />
        ) : detail.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {detail.error.message}
          </p>
        ) : (
          <div className="grid min-w-0 gap-4">
            <p className="text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{detail.data.type}</span>, created by Stripe {formatDateTime(detail.data.created_at)}
            </p>
            <section aria-labelledby="deliveries-title" className="min-w-0">
              <h3 id="deliveries-title" className="mb-2 text-sm font-semibold text-slate-900">
                Deliveries ({detail.data.deliveries.length})
              </h3>
              <ol className="grid gap-2">
                {detail.data.deliveries.map((d) => (
                  <li key={d.delivery_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm">
                    <OutcomeBadge outcome={d.outcome} />
                    <span className="text-slate-700">{formatDateTime(d.received_at)}</span>
                    <span className="min-w-0 break-words text-slate-900">{d.detail}</span>
                  </li>
                ))}
              </ol>
            </section>
            <section aria-labelledby="payload-title" className="min-w-0">
              <h3 id="payload-title" className="mb-2 text-sm font-semibold text-slate-900">
                Payload
              </h3>
              <pre data-testid="event-payload" tabIndex={0} className="max-h-96 overflow-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
                {JSON.stringify(detail.data.payload, null, 2)}
              </pre>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Every delivery of a Stripe event to the webhook, newest first, with what it did; one event's payload on demand. */
export function StripeEventsTab() {
  const events = useAdminStripeEvents();
  const [open, setOpen] = useState<string | null>(null);
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Stripe events</CardTitle>
        <CardDescription>Each delivery to the webhook: fulfilled, duplicate (already handled), ignored (not a type we act on), recorded or failed.</CardDescription>
      </CardHeader>
      <CardContent>
        <ListState query={events} empty="No Stripe events received yet." isEmpty={rows.length === 0}>
          <Table label="Stripe events" data-testid="stripe-events-table">
            <TableHead>
              <TableRow>
                <TableHeader>Received</TableHeader>
                <TableHeader>Type</TableHeader>
                <TableHeader>Outcome</TableHeader>
                <TableHeader>Detail</TableHeader>
                <TableHeader>Event</TableHeader>
                <TableHeader>
                  <span className="sr-only">Actions</span>
                </TableHeader>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e) => (
                <TableRow key={e.delivery_id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(e.received_at)}</TableCell>
                  <TableCell className="font-medium [overflow-wrap:anywhere]">{e.type}</TableCell>
                  <TableCell>
                    <OutcomeBadge outcome={e.outcome} />
                  </TableCell>
                  <TableCell className="max-w-64 text-slate-700 [overflow-wrap:anywhere]">{e.detail}</TableCell>
                  <TableCell className="max-w-40 truncate font-mono text-xs" title={e.event_id}>
                    {e.event_id}
                  </TableCell>
                  <TableCell>
                    <Button size="sm" variant="outline" onClick={() => setOpen(e.event_id)} aria-label={`View event ${e.event_id}`}>
                      View
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <LoadMore {...events} />
        </ListState>
      </CardContent>
      <EventDetailDialog eventId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
