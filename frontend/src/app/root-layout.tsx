import { Link, Outlet, ScrollRestoration } from 'react-router-dom';
import { SiteLinkProvider } from '@/components/layout/site-link';

export function RootLayout() {
  return (
    <SiteLinkProvider value={Link}>
      <Outlet />
      <ScrollRestoration />
    </SiteLinkProvider>
  );
}
