import { Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { createInviteRequestSchema, type TeamMember } from '@shared/schemas/team';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type TeamRole } from '@shared/team';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useChangeRole, useHandOver, useInvite, useRemoveMember, useTeam, useWithdrawInvite } from '../api/team';
import { RoleSelect } from './role-select';

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('photographer');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createInviteRequestSchema.safeParse({ email, role });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
    setError(null);
    invite.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Invite sent', { description: `${parsed.data.email} gets a sign-in link that joins your dealership (valid 7 days).` });
        setEmail('');
      },
      onError: (e) => setError(e.message),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-md border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-slate-900">Invite someone</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="invite-email">E-mail address to invite</Label>
          <Input
            id="invite-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'invite-error' : undefined}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invite-role">Role</Label>
          <RoleSelect id="invite-role" label="Role" value={role} onChange={setRole} />
        </div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invite'}
        </Button>
      </div>
      <p className="text-xs text-slate-600">{ROLE_DESCRIPTIONS[role]}</p>
      {error && (
        <p id="invite-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

function MemberRow({ member, canManage }: { member: TeamMember; canManage: boolean }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const handOver = useHandOver();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="team-member">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all text-slate-900">
          {member.email}
          {member.you && <span className="ml-1 text-sm font-normal text-slate-600">(you)</span>}
        </p>
        <p className="text-sm text-slate-600">
          {ROLE_LABELS[member.role]} · joined {when(member.joined_at)}
        </p>
      </div>
      {canManage && (
        <div className="flex flex-wrap items-center gap-2">
          <RoleSelect
            label={`Role of ${member.email}`}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(role) =>
              changeRole.mutate(
                { id: member.id, role },
                { onSuccess: () => toast.success(`${member.email} is now ${ROLE_LABELS[role].toLowerCase()}`), onError: (e) => toast.error('The role was not changed', { description: e.message }) },
              )
            }
          />
          {!member.you && member.role !== 'owner' && (
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm">
                  Make owner
                </Button>
              }
              title={`Hand over ownership to ${member.email}?`}
              description="They become an owner (team, billing, API keys) and you become a manager."
              confirmLabel="Hand over"
              pendingLabel="Handing over..."
              run={async () => {
                await handOver.mutateAsync(member.id);
                toast.success('Ownership handed over');
              }}
            />
          )}
          {!member.you && !member.founder && (
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm">
                  Remove
                </Button>
              }
              title={`Remove ${member.email}?`}
              description="Their sign-in stops working at once. The car packages and images they made stay with the dealership."
              confirmLabel="Remove member"
              pendingLabel="Removing..."
              run={async () => {
                await remove.mutateAsync(member.id);
                toast.success('Member removed');
              }}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** Settings → Team (issue 42): members and roles for everyone; invites, roles, removal and hand-over for owners. */
export function TeamSettings() {
  const team = useTeam();
  const withdraw = useWithdrawInvite();
  const isOwner = team.data?.role === 'owner';
  return (
    <Card aria-labelledby="team-title">
      <CardHeader>
        <CardTitle id="team-title" className="flex items-center gap-2">
          <Users className="size-5" aria-hidden="true" />
          Team
        </CardTitle>
        <CardDescription>
          Everyone here works in {team.data?.dealership.name ?? 'your dealership'}: the same car packages, images and credits. Owners manage the team, billing and API keys;
          managers handle packages, branding and buying credits; photographers create and start packages.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {team.isPending ? (
          <Spinner label="Loading your team" />
        ) : team.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load your team
          </p>
        ) : (
          <>
            {isOwner && <InviteForm />}
            <ul aria-label="Members" className="divide-y divide-slate-200 rounded-md border border-slate-200">
              {team.data.members.map((m) => (
                <MemberRow key={m.id} member={m} canManage={isOwner} />
              ))}
            </ul>
            {isOwner && team.data.invites && team.data.invites.length > 0 && (
              <div className="grid gap-2">
                <h3 className="text-sm font-semibold text-slate-900">Pending invites</h3>
                <ul aria-label="Pending invites" className="divide-y divide-slate-200 rounded-md border border-slate-200">
                  {team.data.invites.map((i) => (
                    <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="team-invite">
                      <div className="min-w-0 flex-1">
                        <p className="font-medium break-all text-slate-900">{i.email}</p>
                        <p className="text-sm text-slate-600">
                          {ROLE_LABELS[i.role]} · expires {when(i.expires_at)}
                        </p>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={withdraw.isPending}
                        onClick={() => withdraw.mutate(i.id, { onSuccess: () => toast.success('Invite withdrawn'), onError: (e) => toast.error('The invite was not withdrawn', { description: e.message }) })}
                      >
                        Withdraw<span className="sr-only"> the invite to {i.email}</span>
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
