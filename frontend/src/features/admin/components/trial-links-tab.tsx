import { Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { TrialLinkState, TrialLinkView } from '@shared/schemas/trial';
import type { BadgeColour } from '@shared/statuses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-error';
import { useAdminTrialLinks, useCreateTrialLink, useRevokeTrialLink } from '../api/trial-links';
import { formatDate } from './format';
import { ListState } from './list-states';

const STATE_BADGES: Record<TrialLinkState, { label: string; colour: BadgeColour }> = {
  unused: { label: 'Unused', colour: 'gray' },
  uploaded: { label: 'Uploaded', colour: 'blue' },
  converted: { label: 'Converted', colour: 'green' },
  expired: { label: 'Expired', colour: 'yellow' },
  revoked: { label: 'Revoked', colour: 'red' },
};

function CreatedLink({ url, mailedTo }: { url: string; mailedTo: string | null }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Trial link copied');
    } catch {
      toast.error('Copy failed: select the link and copy it by hand');
    }
  };
  return (
    <div className="grid gap-2 rounded-lg border border-green-200 bg-green-50 p-3" role="status">
      <p className="text-sm font-medium text-green-900">
        Trial link created{mailedTo ? ` and mailed to ${mailedTo}` : ''}. Copy it now: it is shown only once.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input readOnly value={url} aria-label="Trial link URL" onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" /> Copy
        </Button>
      </div>
    </div>
  );
}

function CreateTrialLinkForm() {
  const [dealer, setDealer] = useState('');
  const [email, setEmail] = useState('');
  const [days, setDays] = useState('14');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ url: string; mailedTo: string | null } | null>(null);
  const create = useCreateTrialLink();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(
      { dealer_name: dealer.trim(), ...(email.trim() ? { email: email.trim() } : {}), expires_in_days: Number(days) },
      {
        onSuccess: (answer) => {
          setCreated({ url: answer.url, mailedTo: answer.mailed ? answer.link.email : null });
          setDealer('');
          setEmail('');
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : 'Failed to create the trial link'),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Create trial link" noValidate>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor="trial-link-dealer">Dealer name</Label>
          <Input id="trial-link-dealer" value={dealer} onChange={(e) => setDealer(e.target.value)} placeholder="Sunrise Motors" required maxLength={120} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="trial-link-email">E-mail the link to (optional)</Label>
          <Input id="trial-link-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="owner@dealership.com" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="trial-link-days">Valid for (days)</Label>
          <Input id="trial-link-days" type="number" inputMode="numeric" min={1} max={90} value={days} onChange={(e) => setDays(e.target.value)} required />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {created && <CreatedLink url={created.url} mailedTo={created.mailedTo} />}
      <div>
        <Button type="submit" disabled={create.isPending || !dealer.trim()}>
          {create.isPending ? 'Creating…' : 'Create Trial Link'}
        </Button>
      </div>
    </form>
  );
}

function LinkPhotos({ link }: { link: TrialLinkView }) {
  if (link.photos.length === 0) return <span className="text-slate-500">None</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {link.photos.map((p) => (
        <a key={p.thumbnail_url} href={p.thumbnail_url} target="_blank" rel="noreferrer" title={p.name}>
          <img src={p.thumbnail_url} alt={`Trial photo ${p.name}`} className="size-10 rounded object-cover" loading="lazy" />
        </a>
      ))}
    </div>
  );
}

/** Super users issue trial links to prospects, follow them (unused, uploaded, converted, expired, revoked), revoke them. */
export function TrialLinksTab() {
  const links = useAdminTrialLinks();
  const revoke = useRevokeTrialLink();
  const list = links.data?.links ?? [];
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>New trial link</CardTitle>
          <CardDescription>
            A personal link for a prospect: up to 10 photos, then an account with 5 free credits; the photos become their first car package. A link
            creates one account.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CreateTrialLinkForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Trial links</CardTitle>
        </CardHeader>
        <CardContent>
          <ListState query={links} empty="No trial links yet." isEmpty={list.length === 0}>
            <Table label="Trial links" data-testid="trial-links-table">
              <TableHead>
                <TableRow>
                  <TableHeader>Dealer</TableHeader>
                  <TableHeader>State</TableHeader>
                  <TableHeader>Photos</TableHeader>
                  <TableHeader>Created</TableHeader>
                  <TableHeader>Expires</TableHeader>
                  <TableHeader>Account</TableHeader>
                  <TableHeader>
                    <span className="sr-only">Actions</span>
                  </TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((link) => {
                  const badge = STATE_BADGES[link.state];
                  const revocable = link.state !== 'converted' && link.state !== 'revoked';
                  return (
                    <TableRow key={link.id} data-testid={`trial-link-${link.id}`}>
                      <TableCell>
                        <span className="font-medium text-slate-900">{link.dealer_name}</span>
                        {link.email && <span className="block text-xs text-slate-600">sent to {link.email}</span>}
                      </TableCell>
                      <TableCell>
                        <Badge colour={badge.colour}>{badge.label}</Badge>
                      </TableCell>
                      <TableCell>
                        <LinkPhotos link={link} />
                      </TableCell>
                      <TableCell>{formatDate(link.created_at)}</TableCell>
                      <TableCell>{formatDate(link.expires_at)}</TableCell>
                      <TableCell>{link.converted_email ?? '—'}</TableCell>
                      <TableCell>
                        {revocable && (
                          <Button
                            variant="outline"
                            size="sm"
                            disabled={revoke.isPending}
                            onClick={() =>
                              revoke.mutate(link.id, {
                                onSuccess: () => toast.success(`Trial link for ${link.dealer_name} revoked`),
                                onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Failed to revoke the trial link'),
                              })
                            }
                          >
                            Revoke
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </ListState>
        </CardContent>
      </Card>
    </div>
  );
}
