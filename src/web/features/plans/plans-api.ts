import type { CurrentUser } from "../../../shared/contracts/auth";
import type { SubscriptionTier } from "../../../shared/plans";
import { apiRequest } from "../../lib/api-client";
import { parseCurrentUser } from "../../session/current-user";

/** PATCH /api/users/subscription: chooses a plan and answers with the updated user. */
export async function updateSubscription(tier: SubscriptionTier): Promise<CurrentUser> {
  return apiRequest("/api/users/subscription", {
    method: "PATCH",
    body: { tier },
    parse: (json) => {
      if (typeof json !== "object" || json === null || !("user" in json)) {
        throw new TypeError("Unexpected subscription response");
      }
      return parseCurrentUser(json.user);
    },
  });
}
