import { AccountLink } from "../../components/account-link";
import { AllAnnotationsLink } from "../../components/all-annotations-link";
import { AuthEntryLinks } from "./auth-entry-links";
import { useCurrentUser } from "../../session/current-user";

/**
 * The site header's right-hand side: the way in for visitors, the ways to All annotations and to
 * their account page for signed-in people (their screens add their own controls). Nothing shows
 * until the server has said who is here.
 */
export function HeaderAccountActions() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  return user ? (
    <>
      <AllAnnotationsLink />
      <AccountLink />
    </>
  ) : (
    <AuthEntryLinks />
  );
}
