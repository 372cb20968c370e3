import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreditPackageView } from '@shared/pricing';
import type { PurchaseRequest, PurchaseResponse, ValidateCouponResponse } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';

/** The packages the dialog offers, with price per credit, savings and the popular flag (from the server). */
export function useCreditPackages(enabled: boolean) {
  return useQuery({
    queryKey: ['credit-packages'],
    queryFn: ({ signal }) => api.get<{ packages: CreditPackageView[] }>('/api/credits/packages', { signal }).then((r) => r.packages),
    enabled,
    staleTime: 60_000,
  });
}

/** What the selected package costs with a coupon (the server applies it; nothing is reserved yet). */
export function useValidateCoupon() {
  return useMutation({
    mutationFn: (input: { coupon_code: string; package_id: string }) => api.post<ValidateCouponResponse>('/api/credits/validate-coupon', input, { auth: true }),
  });
}

/**
 * Creates the PaymentIntent for the package (and coupon). `attemptKey` goes in the Idempotency-Key header, so a
 * retried request (network retry) answers the same PaymentIntent instead of a second one.
 */
export function createPurchase(input: PurchaseRequest, attemptKey: string) {
  return api.post<PurchaseResponse>('/api/credits/purchase', input, { auth: true, headers: { 'idempotency-key': attemptKey } });
}
