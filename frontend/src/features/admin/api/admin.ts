import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInboxResponse } from '@shared/schemas/admin';
import type {
  AdminCoupon,
  AdminCreditPackage,
  AdminCreditPackagesResponse,
  AdminPaymentsResponse,
  AdminStripeEventDetail,
  AdminStripeEventsResponse,
  CreateCouponRequest,
  GrantBonusResponse,
  UpdateCreditPackageRequest,
} from '@shared/schemas/admin-finance';
import { api } from '@/lib/api-client';

const adminKey = ['admin'] as const;
const PAGE = 25;
const page = (cursor: string | null) => `limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/** Payments newest first, page by page ("Load more"); totals come with the first page. */
export function useAdminPayments() {
  return useInfiniteQuery({
    queryKey: [...adminKey, 'payments'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api.get<AdminPaymentsResponse>(`/api/admin/payments?${page(pageParam)}`, { auth: true, signal }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useAdminStripeEvents() {
  return useInfiniteQuery({
    queryKey: [...adminKey, 'stripe-events'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api.get<AdminStripeEventsResponse>(`/api/admin/stripe-events?${page(pageParam)}`, { auth: true, signal }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useAdminStripeEvent(eventId: string | null) {
  return useQuery({
    queryKey: [...adminKey, 'stripe-event', eventId],
    enabled: eventId !== null,
    queryFn: ({ signal }) => api.get<AdminStripeEventDetail>(`/api/admin/stripe-events/${encodeURIComponent(eventId!)}`, { auth: true, signal }),
  });
}

const couponsKey = [...adminKey, 'coupons'] as const;
export function useAdminCoupons() {
  return useQuery({ queryKey: couponsKey, queryFn: ({ signal }) => api.get<{ coupons: AdminCoupon[] }>('/api/admin/coupons', { auth: true, signal }) });
}

export function useCreateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (coupon: CreateCouponRequest) => api.post<{ coupon: AdminCoupon }>('/api/admin/coupons', coupon, { auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: couponsKey }),
  });
}

export function useDisableCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ coupon: AdminCoupon }>(`/api/admin/coupons/${encodeURIComponent(code)}/disable`, undefined, { auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: couponsKey }),
  });
}

export interface BonusGrant {
  email: string;
  credits: number;
  reason: string;
  /** One per form submission: a retried request (double click, network retry) grants once. */
  idempotency_key: string;
}
export function useGrantBonus() {
  return useMutation({ mutationFn: (grant: BonusGrant) => api.post<GrantBonusResponse>('/api/admin/bonus-credits', grant, { auth: true }) });
}

const packagesKey = [...adminKey, 'credit-packages'] as const;
export function useAdminCreditPackages() {
  return useQuery({ queryKey: packagesKey, queryFn: ({ signal }) => api.get<AdminCreditPackagesResponse>('/api/admin/credit-packages', { auth: true, signal }) });
}

export function useUpdateCreditPackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateCreditPackageRequest }) =>
      api.patch<{ package: AdminCreditPackage }>(`/api/admin/credit-packages/${encodeURIComponent(id)}`, changes, { auth: true }),
    onSuccess: ({ package: updated }) => {
      client.setQueryData<AdminCreditPackagesResponse>(packagesKey, (old) => old && { packages: old.packages.map((p) => (p.id === updated.id ? updated : p)) });
    },
  });
}

export function useAdminInbox() {
  return useQuery({ queryKey: [...adminKey, 'inbox'], queryFn: ({ signal }) => api.get<AdminInboxResponse>('/api/admin/inbox', { auth: true, signal }) });
}
