import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useToast } from "../components/ui/use-toast";
import { createQueryClient } from "../lib/query-client";

/** App-wide context: server state and the single toast outlet. */
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
      {children}
      <ToastOutlet />
    </QueryClientProvider>
  );
}

const loadToaster = () => import("../components/ui/toaster");
const Toaster = lazy(() => loadToaster().then(({ Toaster }) => ({ default: Toaster })));

/**
 * Most visits never show a toast, so the toast component (and the library under it) is not part
 * of any page's first load: it is fetched when the browser is idle, and drawn from the first toast
 * on. Fetching it ahead matters: a toast saying the network is gone must not need the network.
 */
function ToastOutlet() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);

  useEffect(() => {
    const load = () => void loadToaster().catch(() => undefined);
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(load, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(load, 2000);
    return () => clearTimeout(timer);
  }, []);

  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
