import type { ReactNode } from "react";
import { AuthEntryLinks } from "./auth-entry-links";
import { useCurrentUser } from "../../session/current-user";

/**
 * The site header's right-hand side: the way in for visitors, `signedIn` (the app's signed-in
 * header actions) for signed-in people. Nothing shows until the server has said who is here.
 */
export function HeaderAccountActions({ signedIn }: { signedIn: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  return user ? signedIn : <AuthEntryLinks />;
}
