import { useState } from 'react';
import { MESSAGES } from '@shared/messages';
import type { ValidateCouponResponse } from '@shared/schemas/payments';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { useValidateCoupon } from '../api/purchase';

export interface AppliedCoupon extends ValidateCouponResponse {
  code: string;
}

/** Coupon code: trimmed and upper-cased; Apply is disabled while empty or while the server checks it. */
export function CouponBox({ packageId, applied, onApplied }: { packageId: string; applied: AppliedCoupon | null; onApplied: (c: AppliedCoupon | null) => void }) {
  const [code, setCode] = useState(applied?.code ?? '');
  const [error, setError] = useState<string | null>(null);
  const validate = useValidateCoupon();
  const normalized = code.trim().toUpperCase();

  const apply = () => {
    setError(null);
    validate.mutate(
      { coupon_code: normalized, package_id: packageId },
      {
        onSuccess: (result) => {
          setCode(normalized);
          onApplied({ ...result, code: normalized });
        },
        onError: (e) => {
          onApplied(null);
          // A coupon that does not apply: "Invalid coupon code" and why; anything else: the catalogue's failure.
          setError(e instanceof ApiError && e.status === 400 ? (e.fields.coupon_code ? `${MESSAGES.invalidCoupon}. ${e.fields.coupon_code}` : MESSAGES.invalidCoupon) : MESSAGES.failedToValidateCoupon);
        },
      },
    );
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor="coupon-code">Coupon code</Label>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (normalized && !validate.isPending) apply();
        }}
      >
        <Input
          id="coupon-code"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (applied) onApplied(null);
            setError(null);
          }}
          placeholder="Optional"
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-error' : applied ? 'coupon-applied' : undefined}
          className="uppercase placeholder:normal-case"
        />
        <Button type="submit" variant="outline" disabled={!normalized || validate.isPending}>
          {validate.isPending ? 'Checking…' : 'Apply'}
        </Button>
      </form>
      {error && (
        <p id="coupon-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {applied && !error && (
        <p id="coupon-applied" role="status" className="text-sm font-medium text-green-800">
          {applied.message}
        </p>
      )}
    </div>
  );
}
