import { useMutation } from '@tanstack/react-query';
import type { AccountErasureResponse } from '@shared/schemas/privacy';
import { api } from '@/lib/api-client';

/**
 * Settings → Delete: the whole dealership (owners: `/api/account/erasure`) or only the signed-in member's own data
 * (issue 42: `/api/me/erasure`), erased by the server within the request.
 */
export function useEraseAccount(scope: 'dealership' | 'me' = 'dealership') {
  const path = scope === 'me' ? '/api/me/erasure' : '/api/account/erasure';
  return useMutation({ mutationFn: () => api.post<AccountErasureResponse>(path, { confirm: true }, { auth: true }) });
}
