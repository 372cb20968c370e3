import { redirect } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { isReturnPath } from '@shared/return-to';
import { getAccessToken } from '@/lib/amplify-auth';

/**
 * Loader of every /dashboard route: a signed-out visitor goes to / with "Authentication required". Amplify reads
 * the tokens it keeps and refreshes them when they are about to expire. The page they were going to rides along
 * (`/?return_to=/dashboard/images`): the Login dialog sends it, and the mailed link brings them back there.
 */
export async function requireSession(request: Request): Promise<null> {
  if (await getAccessToken()) return null;
  // One toast even if the router asks twice (initial load, revalidation).
  toast.error(MESSAGES.authRequired.title, { id: 'auth-required', description: MESSAGES.authRequired.description });
  const { pathname, search } = new URL(request.url);
  const page = pathname + search;
  throw redirect(page !== '/dashboard' && isReturnPath(page) ? `/?return_to=${encodeURIComponent(page)}` : '/');
}
