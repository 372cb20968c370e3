import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

export interface SiteLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
}

/**
 * How a link between site pages is drawn. The SPA provides the router's Link (client-side navigation); the landing
 * entry has no router, so its links stay plain anchors and a click loads the SPA for the next page.
 */
const LinkComponent = createContext<ComponentType<SiteLinkProps> | null>(null);

export const SiteLinkProvider = LinkComponent.Provider;

export function SiteLink({ to, ...props }: SiteLinkProps) {
  const RouterLink = useContext(LinkComponent);
  return RouterLink ? <RouterLink to={to} {...props} /> : <a href={to} {...props} />;
}
