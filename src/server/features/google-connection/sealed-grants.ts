import type { GoogleOAuth, RevokeAnswer } from "../../integrations/google/google-oauth.js";
import type { SecretBox } from "../../security/secret-box.js";

/** Values of a Google grant kept sealed (sign-ins' tokens, accounts), opened and revoked. */
export function createSealedGrants(box: SecretBox, oauth: GoogleOAuth) {
  return {
    /**
     * Seals a value of a Google grant (a sign-in's token, the Google account it belongs to) the
     * way connection tokens are kept.
     */
    sealToken(token: string): string {
      return box.seal(token);
    },

    /** A value sealed by `sealToken`; null when it was sealed with a key we no longer hold. */
    openSealed(sealed: string): string | null {
      try {
        return box.open(sealed);
      } catch {
        return null;
      }
    },

    /**
     * Asks Google to revoke the grant of a sealed token, and says how Google answered;
     * "unreadable" when it was sealed with a key we no longer hold (nothing can be sent).
     */
    async revokeSealed(sealed: string): Promise<RevokeAnswer | "unreadable"> {
      let plain: string;
      try {
        plain = box.open(sealed);
      } catch {
        return "unreadable";
      }
      return oauth.revoke(plain);
    },
  };
}
