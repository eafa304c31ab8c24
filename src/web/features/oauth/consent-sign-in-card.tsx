import { useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { useEffect } from "react";
import { TitledCard } from "../../components/titled-card";
import { Button } from "../../components/ui/button";
import { routePaths } from "../../lib/route-paths";
import { currentUserQueryKey } from "../../session/current-user";
import { consentCopy } from "./consent-copy";

/** An app's request reached someone signed out: they sign in in a new tab, then come back. */
export function ConsentSignInCard() {
  const queryClient = useQueryClient();
  // Signing in happens in another tab (the link arrives by email): coming back here checks again.
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    window.addEventListener("focus", recheck);
    document.addEventListener("visibilitychange", recheck);
    return () => {
      window.removeEventListener("focus", recheck);
      document.removeEventListener("visibilitychange", recheck);
    };
  }, [queryClient]);
  return (
    <TitledCard
      title={consentCopy.signInTitle}
      titleProps={{ as: "h1", className: "text-xl" }}
      description={consentCopy.signIn}
      footer={
        <Button asChild>
          <a href={routePaths.login} target="_blank" rel="noopener">
            Sign in
            <ExternalLink aria-hidden="true" />
          </a>
        </Button>
      }
    />
  );
}
