import { TooltipProvider } from '@radix-ui/react-tooltip';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';

// One client for the whole visit: this module loads once and stays, whatever page comes next.
const queryClient = createQueryClient();

/**
 * Data fetching and tooltips for every page that uses them. The landing page needs neither, so this layout (and
 * TanStack Query with it) loads with the first page that does.
 */
export default function DataProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={700} skipDelayDuration={300}>
        <Outlet />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
