import { useQuery } from '@tanstack/react-query';
import { getSignInTime } from '@/lib/amplify-auth';

/** When this session's sign-in happened (Cognito's auth_time), null when unknown; read once per session. */
export function useSignInTime() {
  return useQuery({ queryKey: ['sign-in-time'], queryFn: getSignInTime, staleTime: Infinity, retry: false });
}
