import { useRef, useState, type FormEvent } from 'react';
import type { GrantBonusResponse } from '@shared/schemas/admin-finance';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useGrantBonus } from '../api/admin';
import { formatDate, newRequestKey } from './format';

/**
 * Grant bonus credits to a dealer by e-mail. One idempotency key per request: a double click or a retry after a
 * lost answer grants once; changing a field makes it a new request.
 */
export function BonusCreditsTab() {
  const [form, setForm] = useState({ email: '', credits: '', reason: '' });
  const [granted, setGranted] = useState<GrantBonusResponse | null>(null);
  const key = useRef(newRequestKey());
  const grant = useGrantBonus();
  const set = (changes: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...changes }));
    key.current = newRequestKey();
    grant.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGranted(null);
    grant.mutate(
      { email: form.email.trim(), credits: Number(form.credits), reason: form.reason.trim(), idempotency_key: key.current },
      {
        onSuccess: (result) => {
          setGranted(result);
          setForm({ email: '', credits: '', reason: '' });
          key.current = newRequestKey();
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Grant bonus credits</CardTitle>
        <CardDescription>Bonus credits expire 180 days after they are granted. The dealer&apos;s credit history names you and the reason.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid max-w-xl gap-4" aria-label="Grant bonus credits" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="bonus-email">Dealer e-mail</Label>
            <Input id="bonus-email" type="email" autoComplete="off" value={form.email} onChange={(e) => set({ email: e.target.value })} required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="bonus-credits">Credits</Label>
            <Input id="bonus-credits" type="number" inputMode="numeric" min={1} max={10000} value={form.credits} onChange={(e) => set({ credits: e.target.value })} required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="bonus-reason">Reason</Label>
            <Textarea id="bonus-reason" rows={2} maxLength={200} value={form.reason} onChange={(e) => set({ reason: e.target.value })} required />
          </div>
          {grant.isError && (
            <p role="alert" className="text-sm text-red-700">
              {grant.error.message}
            </p>
          )}
          {granted && (
            <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
              Granted {granted.credits} bonus credits to {granted.email}; they expire on {formatDate(granted.expires_at)}. The dealer now has {granted.total_credits} credits.
            </p>
          )}
          <div>
            <Button type="submit" disabled={grant.isPending || !form.email.trim() || !form.credits || !form.reason.trim()}>
              {grant.isPending ? 'Granting…' : 'Grant Bonus Credits'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
