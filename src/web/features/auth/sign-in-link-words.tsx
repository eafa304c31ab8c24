import type { SignInLinkPreview } from "../../../shared/contracts/auth";
import { WrappingEmail } from "../../components/wrapping-email";
import { continueSignInCopy } from "./continue-sign-in-copy";

/**
 * "Continue as" over the full address, which wraps rather than widen the card. The
 * space between them is not drawn (they are flex items) but is read: the button's name is
 * "Continue as mia@example.com".
 */
export function AccountLabel({ lead, email }: { lead: string; email: string }) {
  return (
    <span className="flex max-w-full min-w-0 flex-col items-center leading-5">
      <span>{lead}</span>{" "}
      <span className="max-w-full">
        <WrappingEmail email={email} />
      </span>
    </span>
  );
}

export function Description({
  link,
  sameAccount,
}: {
  link: SignInLinkPreview | undefined;
  sameAccount: boolean;
}) {
  if (!link) return <>{continueSignInCopy.checking}</>;
  if (sameAccount) return <>{continueSignInCopy.alreadySignedIn}</>;
  if (link.signedIn) {
    return (
      <>
        You are signed in as <Address email={link.signedIn.email} then="." /> Continue as{" "}
        <Address email={link.email} /> instead?
      </>
    );
  }
  return (
    <>
      {link.newAccount ? continueSignInCopy.forNewAccount : continueSignInCopy.forAccount}{" "}
      <Address email={link.email} then="." />
    </>
  );
}

/**
 * An address in a sentence: kept on one line while it fits, wrapped at its "@" or dots when not,
 * and never parted from the punctuation after it.
 */
function Address({ email, then = "" }: { email: string; then?: string }) {
  return (
    <span className="inline-block max-w-full">
      <strong className="font-medium text-foreground">
        <WrappingEmail email={email} />
      </strong>
      {then}
    </span>
  );
}
