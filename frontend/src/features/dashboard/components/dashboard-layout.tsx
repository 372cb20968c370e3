import { Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '@shared/brand';
import { ROLE_LABELS } from '@shared/team';
import { SidebarProvider, SidebarTrigger, useSidebar } from '@/components/ui/sidebar';
import { useMe } from '../api/account';
import { useLiveEvents } from '../api/live-events';
import { useSignOut } from '../hooks/use-sign-out';
import { AppSidebar } from './app-sidebar';
import { FALLBACK_DEALER_NAME } from './format';

function TopBar() {
  const { isMobile } = useSidebar();
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur md:h-12">
      <SidebarTrigger />
      {isMobile && <span className="text-lg font-extrabold text-slate-900">{PRODUCT_NAME}</span>}
    </header>
  );
}

/** The signed-in dealer's frame: sidebar, a header with the sidebar toggle, the page. */
export default function DashboardLayout() {
  const me = useMe();
  const signOut = useSignOut();
  useLiveEvents();
  const profile = me.data?.profile;
  return (
    <SidebarProvider>
      {/* The first Tab stop: past the sidebar's links straight to the page (as on the public site). */}
      <a
        href="#main"
        onClick={(event) => {
          // Focus the page itself, not just scroll to it: the next Tab then starts inside the page.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-50 rounded bg-white px-3 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppSidebar
        dealerName={profile?.dealer_name || FALLBACK_DEALER_NAME}
        {...(me.data ? { member: { email: me.data.member.email, role: ROLE_LABELS[me.data.member.role] } } : {})}
        isSuperUser={profile?.role === 'super'}
        onLogout={() => void signOut()}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 p-4 outline-none sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </SidebarProvider>
  );
}
