import type { ReactNode } from 'react';
import { Coins, MessageCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { MESSAGES, TRIAL_CREDIT_MESSAGES } from '@shared/messages';
import { userTypeBadge, type UserType } from '@shared/statuses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCreditBalance } from '../api/credits';
import { formatDate, plural } from './format';

/** "5 trial credits expire on Feb 9, 2027." / "1 bonus credit expires on …" */
export const expiresText = (credits: number, bucket: 'trial' | 'bonus', expiresAt: string) =>
  `${plural(credits, `${bucket} credit`)} ${credits === 1 ? 'expires' : 'expire'} on ${formatDate(expiresAt)}.`;

/**
 * Total and per-bucket credits, with when the trial and bonus credits expire (purchased credits never do). `action`
 * is what the app puts under it (the Buy Credits button of the purchase feature). `trialRefused`: why this account got
 * no trial credits (one trial per person, a daily cap per network), told in the dealer's words. At 0 credits the card
 * says what to do next (issue 39, item 5): buy credits, or contact us to ask for a trial.
 */
export function CreditBalanceCard({ userType, trialRefused = null, action }: { userType?: UserType; trialRefused?: 'address' | 'network' | null; action?: ReactNode }) {
  const balance = useCreditBalance();
  const data = balance.data;
  return (
    <Card aria-labelledby="credit-balance-title">
      <CardHeader className="flex-row items-center justify-between gap-3 pb-2">
        <CardTitle id="credit-balance-title" className="flex items-center gap-2">
          <Coins className="size-5 text-brand-700" aria-hidden="true" />
          Credit Balance
        </CardTitle>
        {userType && (
          <Badge colour={userTypeBadge(userType)} className="capitalize">
            {userType}
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        {balance.isPending ? (
          <Spinner label="Loading credit balance" />
        ) : balance.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {MESSAGES.failedToLoadBalance}
          </p>
        ) : (
          <div className="grid gap-4">
            <p>
              <span className="text-4xl font-bold text-slate-900" data-testid="total-credits">
                {data!.total_credits}
              </span>{' '}
              <span className="text-slate-700">{data!.total_credits === 1 ? 'credit' : 'credits'} available</span>
            </p>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {(
                [
                  ['Trial', data!.trial_credits],
                  ['Bonus', data!.bonus_credits],
                  ['Purchased', data!.purchased_credits],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-lg bg-slate-50 p-2">
                  <dt className="text-xs font-medium text-slate-600">{label}</dt>
                  <dd className="text-lg font-semibold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            <ul className="grid gap-1 text-sm text-slate-700">
              {data!.trial_credits > 0 && data!.trial_expires_at && (
                <li data-testid="trial-expiry">{expiresText(data!.trial_credits, 'trial', data!.trial_expires_at)}</li>
              )}
              {data!.bonus_lots.map((lot) => (
                <li key={`${lot.expires_at}-${lot.credits}`} data-testid="bonus-expiry">
                  {expiresText(lot.credits, 'bonus', lot.expires_at)}
                </li>
              ))}
              {data!.purchased_credits > 0 && <li>Purchased credits never expire.</li>}
              <li className="text-slate-600">Credits are used trial first, then bonus, then purchased.</li>
            </ul>
            {trialRefused && (
              <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="trial-refused">
                {TRIAL_CREDIT_MESSAGES.refused[trialRefused]}
              </p>
            )}
            {data!.total_credits === 0 && (
              <p className="text-sm text-slate-800" data-testid="no-credits">
                {TRIAL_CREDIT_MESSAGES.noCredits}
              </p>
            )}
          </div>
        )}
        {(action || data?.total_credits === 0) && (
          <div className="mt-4 flex flex-wrap gap-2">
            {action}
            {data?.total_credits === 0 && (
              <Button variant="outline" className="w-full sm:w-auto" asChild>
                <Link to="/contact">
                  <MessageCircle className="size-4" aria-hidden="true" />
                  Contact us
                </Link>
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
