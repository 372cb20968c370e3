import { redirect } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { getAccessToken } from '@/lib/amplify-auth';

/**
 * Loader of every /dashboard route: a signed-out visitor goes to / with "Authentication required". Amplify reads
 * the tokens it keeps and refreshes them when they are about to expire.
 */
export async function requireSession(): Promise<null> {
  if (await getAccessToken()) return null;
  // One toast even if the router asks twice (initial load, revalidation).
  toast.error(MESSAGES.authRequired.title, { id: 'auth-required', description: MESSAGES.authRequired.description });
  throw redirect('/');
}
