import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "../components/ui/toaster";
import { TooltipProvider } from "../components/ui/tooltip";
import { createQueryClient } from "../lib/query-client";

/** App-wide context: server state, tooltip timing and the single toast outlet. */
export function AppProviders({ children }: { children: ReactNode }) {
  // One client per mounted app (not per module) so tests can mount fresh, isolated apps.
  const [queryClient] = useState(createQueryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
