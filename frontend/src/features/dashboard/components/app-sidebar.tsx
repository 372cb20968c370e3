// Icons the landing page does not use: a shared icon becomes an extra chunk on the landing page.
import { Car, Images, Layers, LayoutDashboard, LifeBuoy, LogOut, Settings, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useMatch, useResolvedPath } from 'react-router-dom';
import { Sidebar, useSidebar } from '@/components/ui/sidebar';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
  superOnly?: boolean;
}

const itemClasses =
  'flex h-10 w-full items-center gap-3 overflow-hidden rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 group-data-[state=collapsed]:justify-center group-data-[state=collapsed]:px-0 [&_svg]:size-5 [&_svg]:shrink-0';
const activeClasses = 'bg-brand-50 text-brand-800 hover:bg-brand-50 hover:text-brand-800';
const labelClasses = 'truncate group-data-[state=collapsed]:sr-only';

/** In icon mode the label is read by screen readers and shown in a tooltip on hover or focus. */
function WithTooltip({ label, children }: { label: string; children: ReactNode }) {
  const { collapsed } = useSidebar();
  if (!collapsed) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

function NavItemLink({ item }: { item: NavItem }) {
  const { isMobile, setOpenMobile } = useSidebar();
  const Icon = item.icon;
  // A plain className (not NavLink's function): the tooltip trigger merges class names as strings.
  const isActive = useMatch({ path: useResolvedPath(item.to).pathname, end: item.end ?? false }) !== null;
  return (
    <li>
      <WithTooltip label={item.label}>
        <Link
          to={item.to}
          onClick={() => isMobile && setOpenMobile(false)}
          aria-current={isActive ? 'page' : undefined}
          className={cn(itemClasses, isActive && activeClasses)}
        >
          <Icon aria-hidden="true" />
          <span className={labelClasses}>{item.label}</span>
        </Link>
      </WithTooltip>
    </li>
  );
}

export interface AppSidebarProps {
  dealerName: string;
  /** The signed-in member's own e-mail and role in the dealership (issue 42). */
  member?: { email: string | null; role: string };
  isSuperUser: boolean;
  onLogout: () => void;
}

/** Spec section 2: Dashboard, Car Packages, My Images and Image Processor (super users); Settings, Support, Logout. Admin: super users (decisions.md). */
export function AppSidebar({ dealerName, member, isSuperUser, onLogout }: AppSidebarProps) {
  const main: NavItem[] = [
    { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard, end: true },
    // The gallery's address (a package's detail has its own, /dashboard/car-packages/{id}).
    { label: 'Car Packages', to: '/dashboard/car-packages', icon: Car },
    { label: 'My Images', to: '/dashboard/images', icon: Images, superOnly: true },
    { label: 'Image Processor', to: '/dashboard/image-processor', icon: Layers, superOnly: true },
    { label: 'Admin', to: '/dashboard/admin', icon: ShieldCheck, superOnly: true },
  ].filter((item) => !item.superOnly || isSuperUser);
  const footer: NavItem[] = [
    { label: 'Settings', to: '/dashboard/settings', icon: Settings },
    { label: 'Support', to: '/dashboard/support', icon: LifeBuoy },
  ];
  return (
    <Sidebar label="Dashboard navigation">
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 px-3 group-data-[state=collapsed]:px-1.5">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-sm font-bold text-white"
        >
          {dealerName.charAt(0).toUpperCase()}
        </span>
        <span className="min-w-0 group-data-[state=collapsed]:sr-only">
          <span className="block truncate text-sm font-semibold text-slate-900" data-testid="sidebar-dealer-name">
            {dealerName}
          </span>
          <span className="block truncate text-xs text-slate-600" data-testid="sidebar-member">
            {member?.email ? `${member.email} · ${member.role}` : 'Dealer dashboard'}
          </span>
        </span>
      </div>
      <ul className="flex flex-1 flex-col gap-1 overflow-y-auto p-2">
        {main.map((item) => (
          <NavItemLink key={item.label} item={item} />
        ))}
      </ul>
      <ul className="flex flex-col gap-1 border-t border-slate-200 p-2">
        {footer.map((item) => (
          <NavItemLink key={item.label} item={item} />
        ))}
        <li>
          <WithTooltip label="Logout">
            <button type="button" onClick={onLogout} className={itemClasses}>
              <LogOut aria-hidden="true" />
              <span className={labelClasses}>Logout</span>
            </button>
          </WithTooltip>
        </li>
      </ul>
    </Sidebar>
  );
}
