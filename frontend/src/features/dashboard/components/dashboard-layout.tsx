import { Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '@shared/brand';
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
      <AppSidebar
        dealerName={profile?.dealer_name || FALLBACK_DEALER_NAME}
        isSuperUser={profile?.role === 'super'}
        onLogout={() => void signOut()}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <div className="mx-auto w-full max-w-6xl flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet />
        </div>
      </div>
    </SidebarProvider>
  );
}
