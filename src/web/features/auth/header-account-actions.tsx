import { AuthEntryLinks } from "./auth-entry-links";
import { useCurrentUser } from "../../session/current-user";

/**
 * The public header's right-hand side: the way in for visitors. Signed-in people get their
 * screens' own controls instead, and nothing shows until the server has said who is here.
 */
export function HeaderAccountActions() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading || user) return null;
  return <AuthEntryLinks />;
}
