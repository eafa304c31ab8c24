import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useSearch } from "wouter";
import type { GoogleConnectionStatus } from "../../../shared/contracts/google";
import { toast } from "../../components/ui/use-toast";
import { routePaths } from "../../lib/route-paths";
import { googleStatusQueryKey } from "../../session/google-connection-status";
import { useSelectedProperty } from "../../session/selected-property";

/**
 * The OAuth callback returns to /dashboard?oauth=success|denied|failed. Success marks the
 * connection at once and, when no property is chosen yet, opens the property picker (the next
 * step); every outcome gets a toast and `oauth` leaves the address (`mode` stays).
 */
export function useOauthResult(): void {
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);
  const { propertyId, setPickerOpen } = useSelectedProperty();

  useEffect(() => {
    const params = new URLSearchParams(search);
    const outcome = params.get("oauth");
    if (!outcome || handled.current === search) return;
    handled.current = search;
    if (outcome === "success") {
      queryClient.setQueryData<GoogleConnectionStatus>(googleStatusQueryKey, (previous) => ({
        connected: true,
        canWrite: previous?.canWrite ?? true,
      }));
      void queryClient.invalidateQueries({ queryKey: googleStatusQueryKey });
      if (!propertyId) setPickerOpen(true);
      toast({
        title: "Google Analytics connected",
        description: "Choose a GA4 property to work with.",
      });
    } else if (outcome === "denied") {
      toast({
        variant: "destructive",
        title: "Google Analytics not connected",
        description:
          "You declined access on Google's page, so Tidemark cannot reach your properties.",
      });
    } else {
      toast({
        variant: "destructive",
        title: "Google Analytics not connected",
        description: "Connecting Google Analytics failed. Please try again.",
      });
    }
    params.delete("oauth");
    const rest = params.toString();
    navigate(rest ? `${routePaths.dashboard}?${rest}` : routePaths.dashboard, { replace: true });
  }, [search, navigate, queryClient, propertyId, setPickerOpen]);
}
