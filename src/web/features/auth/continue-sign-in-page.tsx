import { Loader2 } from "lucide-react";
import { useLocation, useSearch } from "wouter";
import type { SignInLinkPreview } from "../../../shared/contracts/auth";
import { Button } from "../../components/ui/button";
import { isApiError } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { routePaths } from "../../lib/route-paths";
import { SignInFailure } from "./auth-card";
import { continueSignInCopy } from "./continue-sign-in-copy";
import { Frame, Problem } from "./continue-sign-in-frame";
import { AccountLabel, Description } from "./sign-in-link-words";
import { isUnusableLink, useSignInLink } from "./use-sign-in-link";

/**
 * /login/continue?token=…, where an emailed sign-in link lands. Opening it changes nothing: the
 * page names the account the link opens by its full address, so a person can tell their own from
 * a look-alike someone sent them, and signs in only when the person presses Continue, with a
 * same-origin POST. Someone signed in to another account sees both addresses in full and may stay;
 * someone already signed in to this one goes straight on.
 */
export function ContinueSignInPage() {
  const token = new URLSearchParams(useSearch()).get("token")?.trim() ?? "";
  const { preview, signIn, sameAccount } = useSignInLink(token);

  if (token === "") {
    return (
      <Problem title={continueSignInCopy.incompleteTitle}>{continueSignInCopy.incomplete}</Problem>
    );
  }
  if (preview.isError) {
    return isUnusableLink(preview.error) ? (
      <Problem title={continueSignInCopy.unusableTitle}>
        {serverErrorMessage(preview.error) ?? continueSignInCopy.checkFailed}
      </Problem>
    ) : (
      <Problem title={continueSignInCopy.title} onRetry={() => void preview.refetch()}>
        {serverErrorMessage(preview.error) ?? continueSignInCopy.checkFailed}
      </Problem>
    );
  }
  if (signIn.isError && isUnusableLink(signIn.error)) {
    return (
      <Problem title={continueSignInCopy.unusableTitle}>
        {serverErrorMessage(signIn.error) ?? continueSignInCopy.signInFailed}
      </Problem>
    );
  }

  const link = preview.data;
  const failure =
    signIn.isError && !isApiError(signIn.error, "signed_in_as_other")
      ? (serverErrorMessage(signIn.error) ?? continueSignInCopy.signInFailed)
      : null;

  return (
    <Frame
      title={
        link?.signedIn && !sameAccount
          ? continueSignInCopy.switchTitle
          : link?.newAccount
            ? continueSignInCopy.createTitle
            : continueSignInCopy.title
      }
      documentTitle={
        link?.newAccount ? continueSignInCopy.createDocumentTitle : continueSignInCopy.documentTitle
      }
      description={<Description link={link} sameAccount={sameAccount} />}
      footer={continueSignInCopy.notRequested}
    >
      {failure ? <SignInFailure>{failure}</SignInFailure> : null}
      <ContinueButtons
        link={link}
        sameAccount={sameAccount}
        busy={signIn.isPending || signIn.isSuccess}
        onContinue={() => signIn.mutate(link?.signedIn != null && !sameAccount)}
      />
    </Frame>
  );
}

/** Continue as the link's account, and, for someone signed in to another, staying as they are. */
function ContinueButtons({
  link,
  sameAccount,
  busy,
  onContinue,
}: {
  link: SignInLinkPreview | undefined;
  sameAccount: boolean;
  busy: boolean;
  onContinue: () => void;
}) {
  const [, navigate] = useLocation();
  return (
    <>
      {/* Two lines tall while the link is checked too: the address arrives on a line of its own,
          and the card does not grow under the person's eyes when it does. */}
      <Button
        size="lg"
        className="h-auto min-h-14 w-full py-2 whitespace-normal"
        disabled={!link || sameAccount || busy}
        onClick={onContinue}
      >
        {busy ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden /> : null}
        {!link || sameAccount ? (
          continueSignInCopy.checkingButton
        ) : busy ? (
          continueSignInCopy.signingIn
        ) : (
          <AccountLabel lead="Continue as" email={link.email} />
        )}
      </Button>
      {link?.signedIn && !sameAccount ? (
        <Button
          variant="outline"
          size="lg"
          className="h-auto min-h-14 w-full py-2 whitespace-normal"
          disabled={busy}
          onClick={() => navigate(routePaths.home)}
        >
          <AccountLabel lead="Stay signed in as" email={link.signedIn.email} />
        </Button>
      ) : null}
    </>
  );
}
