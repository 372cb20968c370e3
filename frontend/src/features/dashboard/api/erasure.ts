import { useMutation } from '@tanstack/react-query';
import type { AccountErasureResponse } from '@shared/schemas/privacy';
import { api } from '@/lib/api-client';

/** Settings → Delete my account: the whole account is erased by the server within the request. */
export function useEraseAccount() {
  return useMutation({ mutationFn: () => api.post<AccountErasureResponse>('/api/account/erasure', { confirm: true }, { auth: true }) });
}
