import { TooltipProvider } from '@radix-ui/react-tooltip';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { DeferredToaster } from './deferred-toaster';

/** App-wide providers: data fetching, tooltips (700 ms open delay, 300 ms skip) and toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={700} skipDelayDuration={300}>
        {children}
        <DeferredToaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
