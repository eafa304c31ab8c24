import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "../components/ui/toaster";
import { TooltipProvider } from "../components/ui/tooltip";
import { createQueryClient } from "../lib/query-client";

/** App-wide context: server state, tooltip timing and the single toast outlet. */
export function AppProviders({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  /** A client prepared by the caller (seeded for hydration); otherwise one of its own. */
  queryClient?: QueryClient;
}) {
  // One client per mounted app (not per module) so tests can mount fresh, isolated apps.
  const [queryClient] = useState(() => given ?? createQueryClient());

  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
