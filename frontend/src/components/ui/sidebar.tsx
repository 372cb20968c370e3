import * as DialogPrimitive from '@radix-ui/react-dialog';
import { PanelLeft } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_COOKIE_MAX_AGE_S } from '@shared/limits';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { useReturnFocus } from './dialog';

/** Spec section 9: 16rem wide, 18rem on mobile, 3rem in icon mode; collapse kept in a cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
const WIDTHS = { '--sidebar-width': '16rem', '--sidebar-width-mobile': '18rem', '--sidebar-width-icon': '3rem' } as CSSProperties;

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
function useIsMobile(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(mobileQuery);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(mobileQuery).matches,
  );
}

function readCookie(): string | null {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`));
  return entry ? entry.slice(SIDEBAR_COOKIE.length + 1) : null;
}

interface SidebarState {
  /** Desktop: expanded (true) or icon mode (false). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Mobile: the sheet is showing. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
  collapsed: boolean;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar must be used inside SidebarProvider');
  return state;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() => readCookie() !== 'false');
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = `${SIDEBAR_COOKIE}=${value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
  }, []);
  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  // Ctrl+B (Cmd+B on a Mac) toggles the sidebar anywhere in the dashboard.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  const value = useMemo(
    () => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggle, collapsed: !isMobile && !open }),
    [open, setOpen, openMobile, isMobile, toggle],
  );
  return (
    <SidebarContext.Provider value={value}>
      <div style={WIDTHS} className="flex min-h-dvh w-full bg-slate-50">
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/** The sidebar itself: a fixed column on desktop (full or icons only), a sheet from the left on mobile. */
export function Sidebar({ children, label }: { children: ReactNode; label: string }) {
  const { isMobile, openMobile, setOpenMobile, open } = useSidebar();
  const focus = useReturnFocus({
    // Radix would start on the first control that is not a link: Logout, one Enter away from signing out.
    // The sheet opens on its first item instead.
    onOpenAutoFocus: (event) => {
      event.preventDefault();
      (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('nav a[href], nav button')?.focus();
    },
  });
  if (isMobile) {
    return (
      <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            {...focus}
            className="fixed inset-y-0 left-0 z-50 flex w-(--sidebar-width-mobile) max-w-[85vw] flex-col bg-white shadow-xl"
            style={WIDTHS}
          >
            <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
            <nav aria-label={label} className="flex h-full flex-col">
              {children}
            </nav>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }
  const state = open ? 'expanded' : 'collapsed';
  return (
    <div className="group shrink-0" data-state={state} data-testid="sidebar">
      {/* Keeps the page content clear of the fixed column. */}
      <div className="w-(--sidebar-width) transition-[width] duration-200 group-data-[state=collapsed]:w-(--sidebar-width-icon)" />
      <nav
        aria-label={label}
        className="fixed inset-y-0 left-0 z-30 flex w-(--sidebar-width) flex-col overflow-x-hidden border-r border-slate-200 bg-white transition-[width] duration-200 group-data-[state=collapsed]:w-(--sidebar-width-icon)"
      >
        {children}
      </nav>
    </div>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-9', className)}
      onClick={toggle}
      aria-expanded={isMobile ? openMobile : open}
      title="Toggle sidebar (Ctrl+B)"
    >
      <PanelLeft aria-hidden="true" />
      <span className="sr-only">Toggle sidebar</span>
    </Button>
  );
}
