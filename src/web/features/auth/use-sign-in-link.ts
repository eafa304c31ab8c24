import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { isApiError } from "../../lib/api-client";
import { replaceWithServerPage } from "../../lib/page-navigation";
import { routePaths } from "../../lib/route-paths";
import { fetchSignInLinkPreview, signInWithLink } from "./sign-in-api";

/** Refusals that mean the link itself is no good: expired, used, never issued or mangled. */
export function isUnusableLink(error: unknown): boolean {
  return isApiError(error, "sign_in_link_invalid") || isApiError(error, "invalid_request");
}

/**
 * What an emailed sign-in link would do (read without using it), and using it. Someone already
 * signed in to the link's own account goes straight on.
 */
export function useSignInLink(token: string) {
  const [, navigate] = useLocation();
  const preview = useQuery({
    queryKey: ["/api/auth/sign-in-link", token],
    queryFn: ({ signal }) => fetchSignInLinkPreview(token, signal),
    enabled: token !== "",
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const signIn = useMutation({
    mutationFn: (switchAccount: boolean) => signInWithLink(token, switchAccount),
    // A full page load: nothing the previous account had loaded may outlive the switch.
    onSuccess: ({ redirectTo }) => replaceWithServerPage(redirectTo),
    // Someone signed in elsewhere in this browser meanwhile: ask again with the current facts.
    onError: (error) => {
      if (isApiError(error, "signed_in_as_other")) void preview.refetch();
    },
  });

  const sameAccount = preview.data?.signedIn?.sameAccount === true;
  useEffect(() => {
    if (sameAccount) navigate(routePaths.home, { replace: true });
  }, [sameAccount, navigate]);

  return { preview, signIn, sameAccount };
}
