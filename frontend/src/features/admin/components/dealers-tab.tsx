import { useState, type FormEvent } from 'react';
import { ROLE_LABELS, actingMemberLabel } from '@shared/team';
import { toast } from 'sonner';
import type { AdminDealer } from '@shared/schemas/admin-dealers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminDealer, useDealerApiUsage, useDealerTransactions, useSetDealerRole } from '../api/dealers';
import { formatDate, formatDateTime } from './format';
import { LoadMore } from './list-states';

const roleName = (role: string) => (role === 'super' ? 'Super User' : 'Standard User');

function RoleControl({ dealer, email }: { dealer: AdminDealer; email: string }) {
  const setRole = useSetDealerRole(email);
  const isSuper = dealer.profile.role === 'super';
  const next = isSuper ? 'standard' : 'super';
  return (
    <div className="grid gap-2">
      <div>
        <Button
          variant={isSuper ? 'outline' : 'default'}
          disabled={setRole.isPending}
          onClick={() =>
            setRole.mutate(
              { id: dealer.profile.id, role: next },
              { onSuccess: (r) => toast.success(`${r.dealer.profile.email} is now a ${roleName(r.dealer.profile.role)}.`) },
            )
          }
        >
          {setRole.isPending ? 'Saving…' : isSuper ? 'Remove Super User' : 'Make Super User'}
        </Button>
      </div>
      {setRole.isError && (
        <p role="alert" className="text-sm text-red-700">
          {setRole.error.message}
        </p>
      )}
    </div>
  );
}

function DealerLedger({ dealer }: { dealer: AdminDealer }) {
  const ledger = useDealerTransactions(dealer);
  const rows = ledger.data?.pages.flatMap((p) => p.transactions) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credit history</CardTitle>
        <CardDescription>Every ledger entry, newest first, 10 at a time.</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">No ledger entries.</p>
        ) : (
          <Table label="Credit history">
            <TableHead>
              <TableRow>
                <TableHeader>Date</TableHeader>
                <TableHeader>Description</TableHeader>
                <TableHeader>By</TableHeader>
                <TableHeader className="text-right">Credits</TableHeader>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((t) => (
                <TableRow key={t.id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(t.created_at)}</TableCell>
                  <TableCell>{t.description}</TableCell>
                  {/* Issue 42: the member who did it; "Former member" once they erased their data; empty for changes nobody asked for. */}
                  <TableCell data-testid="admin-ledger-member">{actingMemberLabel(t.member) ?? ''}</TableCell>
                  <TableCell className="text-right font-medium">{t.credits > 0 ? `+${t.credits}` : t.credits}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {ledger.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {ledger.error.message}
          </p>
        )}
        <LoadMore hasNextPage={ledger.hasNextPage} isFetchingNextPage={ledger.isFetchingNextPage} fetchNextPage={ledger.fetchNextPage} />
      </CardContent>
    </Card>
  );
}

/** API keys and usage (issue 28): each key's calls, and API calls and webhook deliveries per day. */
function DealerApiUsage({ dealerId }: { dealerId: string }) {
  const usage = useDealerApiUsage(dealerId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>API usage</CardTitle>
        <CardDescription>API keys, and calls and webhook deliveries per day (last 30 days).</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4" data-testid="dealer-api-usage">
        {usage.isPending ? (
          <Spinner label="Loading API usage" />
        ) : usage.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {usage.error.message}
          </p>
        ) : (
          <>
            {usage.data.keys.length === 0 ? (
              <p className="text-sm text-slate-700">No API keys.</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {usage.data.keys.map((k) => (
                  <li key={k.id}>
                    <span className="font-medium">{k.name}</span> <code className="font-mono text-xs">{k.prefix}</code>: {k.calls} calls
                    {k.revoked_at ? ` · revoked ${formatDateTime(k.revoked_at)}` : k.last_used_at ? ` · last used ${formatDateTime(k.last_used_at)}` : ''}
                  </li>
                ))}
              </ul>
            )}
            {usage.data.days.length === 0 ? (
              <p className="text-sm text-slate-700">No API calls or webhook deliveries in the last 30 days.</p>
            ) : (
              <Table label="API usage per day">
                <TableHead>
                  <TableRow>
                    <TableHeader>Day</TableHeader>
                    <TableHeader className="text-right">API calls</TableHeader>
                    <TableHeader className="text-right">Webhook deliveries</TableHeader>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {usage.data.days.map((d) => (
                    <TableRow key={d.day}>
                      <TableCell>{d.day}</TableCell>
                      <TableCell className="text-right">{d.api_calls}</TableCell>
                      <TableCell className="text-right">{d.webhook_deliveries}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The dealership the person works in, its members and their roles (issue 42). */
function DealerTeam({ dealer }: { dealer: AdminDealer }) {
  const { team } = dealer;
  if (!team) return null;
  const own = team.dealership.id === dealer.profile.id;
  return (
    <Card data-testid="dealer-team">
      <CardHeader>
        <CardTitle>Dealership</CardTitle>
        <CardDescription>
          {team.dealership.name ?? 'No dealer name'} · {ROLE_LABELS[team.role]}
          {own ? ' · their own account' : ` · account ${team.dealership.id}`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Table label="Members">
          <TableHead>
            <TableRow>
              <TableHeader>Member</TableHeader>
              <TableHeader>Role</TableHeader>
              <TableHeader>Joined</TableHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {team.members.map((m) => (
              <TableRow key={m.id}>
                <TableCell className="break-all">
                  {m.email}
                  {m.founder ? <span className="text-slate-600"> (created the dealership)</span> : null}
                </TableCell>
                <TableCell>{ROLE_LABELS[m.role]}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(m.joined_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function DealerDetail({ dealer, email }: { dealer: AdminDealer; email: string }) {
  const { profile, balance } = dealer;
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="dealer-detail">
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 break-all">{profile.email}</span>
            <Badge colour={profile.role === 'super' ? 'green' : 'gray'} data-testid="dealer-role">
              {roleName(profile.role)}
            </Badge>
          </CardTitle>
          <CardDescription>
            {profile.dealer_name ?? 'No dealer name'} · {profile.user_type} · signed up {formatDate(profile.created_at)}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {[
              ['Total credits', balance?.total_credits ?? 0],
              ['Trial', balance?.trial_credits ?? 0],
              ['Bonus', balance?.bonus_credits ?? 0],
              ['Purchased', balance?.purchased_credits ?? 0],
            ].map(([label, value]) => (
              <div key={label} className="rounded-md bg-slate-50 px-3 py-2">
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-lg font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <RoleControl dealer={dealer} email={email} />
          <p className="text-xs text-slate-600">Account {profile.id}. A super user cannot remove their own role: another super user must, so the admin area always keeps one.</p>
        </CardContent>
      </Card>
      <DealerTeam dealer={dealer} />
      <Card>
        <CardHeader>
          <CardTitle>Role changes</CardTitle>
        </CardHeader>
        <CardContent>
          {dealer.role_changes.length === 0 ? (
            <p className="text-sm text-slate-700">No role changes recorded.</p>
          ) : (
            <ul className="grid gap-2 text-sm" data-testid="role-changes">
              {dealer.role_changes.map((c) => (
                <li key={c.id} className="rounded-md bg-slate-50 px-3 py-2">
                  <span className="font-medium">{roleName(c.previous_role)} → {roleName(c.role)}</span> by {c.changed_by_email} on {formatDateTime(c.changed_at)}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <DealerLedger dealer={dealer} />
      <DealerApiUsage dealerId={profile.id} />
      <Card>
        <CardHeader>
          <CardTitle>Car packages</CardTitle>
          <CardDescription>The 10 newest.</CardDescription>
        </CardHeader>
        <CardContent>
          {dealer.packages.length === 0 ? (
            <p className="text-sm text-slate-700">No car packages yet.</p>
          ) : (
            <Table label="Car packages">
              <TableHead>
                <TableRow>
                  <TableHeader>Created</TableHeader>
                  <TableHeader>Car</TableHeader>
                  <TableHeader>Status</TableHeader>
                  <TableHeader className="text-right">Angles</TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {dealer.packages.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell className="whitespace-nowrap">{formatDate(p.created_at)}</TableCell>
                    <TableCell>{p.session_name}</TableCell>
                    <TableCell>{p.status.replace('_', ' ')}</TableCell>
                    <TableCell className="text-right">
                      {p.completed_angles}/{p.total_angles}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** Find a dealer by sign-in e-mail: balance, ledger, packages and role history; make or unmake a super user. */
export function DealersTab() {
  const [input, setInput] = useState('');
  const [email, setEmail] = useState<string | null>(null);
  const dealer = useAdminDealer(email);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = input.trim().toLowerCase();
    if (value) setEmail(value);
  };
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Find a dealer</CardTitle>
          <CardDescription>By the e-mail the dealer signs in with. Every role change is recorded with who made it and when.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="flex max-w-xl flex-col gap-3 sm:flex-row sm:items-end" aria-label="Find a dealer" noValidate>
            <div className="grid flex-1 gap-1.5">
              <Label htmlFor="dealer-email">Dealer e-mail</Label>
              <Input id="dealer-email" type="email" autoComplete="off" value={input} onChange={(e) => setInput(e.target.value)} required />
            </div>
            <Button type="submit" disabled={!input.trim() || dealer.isFetching}>
              Find Dealer
            </Button>
          </form>
        </CardContent>
      </Card>
      {email !== null &&
        (dealer.isPending ? (
          <Spinner label="Loading the dealer" />
        ) : dealer.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {dealer.error.message}
          </p>
        ) : (
          <DealerDetail dealer={dealer.data} email={email} />
        ))}
    </div>
  );
}
