import type { ApiRoute } from '@shared/api-routes';

/**
 * Which stack serves a route of the route table: the API is split along its domains so that each stack stays well under
 * CloudFormation's limits (500 resources, 1 MB of template; infra/cdk/stack-limits.ts) as routes are added. A route
 * goes by its path, so a new route lands in its domain's stack without being listed here.
 */
export type ApiDomain = 'dealer' | 'studio' | 'admin' | 'integrations';

export const API_DOMAIN_STACKS: Record<ApiDomain, { id: string; description: string }> = {
  dealer: { id: 'DealerApi', description: 'The dealer API: sign-in links, account and profile, logo, credits, support, contact, live-status tickets.' },
  studio: { id: 'StudioApi', description: 'The studio API: car packages, batches, trial links, the car check, content credentials, My Images, shared cars.' },
  admin: { id: 'AdminApi', description: 'The admin and finance API: the admin area (super users), credit purchases, coupons and the Stripe webhook.' },
  integrations: { id: 'IntegrationsApi', description: 'Dealer integrations: the public API (v1, API keys), Settings\' API keys and webhook endpoints.' },
};

const INTEGRATIONS = /^\/api\/(v1|api-keys|webhooks)(\/|$)/;

const STUDIO = /^\/api\/(car-packages|batches|trial|car-photos|content-credentials|images|share)(\/|$)/;
const FINANCE = /^\/api\/(credits\/purchase|credits\/validate-coupon|stripe)(\/|$)/;

export function domainOf(route: Pick<ApiRoute, 'path'>): ApiDomain {
  if (INTEGRATIONS.test(route.path)) return 'integrations';
  if (route.path.startsWith('/api/admin/') || FINANCE.test(route.path)) return 'admin';
  if (STUDIO.test(route.path)) return 'studio';
  return 'dealer';
}
