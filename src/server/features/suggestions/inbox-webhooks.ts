/**
 * Release webhooks: each hook's secret is shown once and kept sealed; a delivery is verified
 * against it over the raw bytes before anything is read, stored once per delivery, and read into
 * the inbox by a job, so the sender gets its answer at once.
 */
import { createHash, randomBytes } from "node:crypto";
import type { InboxHook, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { CreatedHook, Hook } from "../../../shared/contracts/suggestions.js";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources.js";
import type { SuggestionsDeps } from "./suggestions-deps.js";
import {
  hooksPerProperty,
  inboxMessages,
  uuidPattern,
  webhookMessages,
} from "./suggestion-words.js";
import { deliveryJson, parseDelivery, signatureMatches } from "./webhook-deliveries.js";

/** Largest webhook body read; bigger deliveries are refused before anything is verified. */
export const webhookBodyLimitBytes = 128 * 1024;

export type DeliveryOutcome = "stored" | "duplicate" | "ignored";

export function createInboxWebhooks(
  deps: SuggestionsDeps,
  parts: {
    requireSource: (user: User, kind: SuggestionSourceKind) => void;
    queueRead: (propertyId: string, source: SuggestionSourceKind) => Promise<boolean>;
  },
) {
  const now = deps.now ?? (() => new Date());
  const { repository } = deps;
  const { requireSource, queueRead } = parts;

  function hookView(hook: InboxHook): Hook {
    return {
      id: hook.id,
      name: hook.name,
      url: `${deps.appUrl}/api/hooks/${hook.id}`,
      createdAt: hook.createdAt.toISOString(),
    };
  }

  return {
    hookView,
    operations: {
      async createHook(user: User, propertyId: string, name: string): Promise<CreatedHook> {
        await deps.properties.requireAllowed(user, propertyId);
        requireSource(user, "release-webhook");
        if ((await repository.countHooks(propertyId)) >= hooksPerProperty)
          throw new AppError("invalid_request", inboxMessages.hookLimit);
        const secret = randomBytes(32).toString("base64url");
        const hook = await repository.createHook({
          propertyId,
          name,
          sealedSecret: deps.box.seal(secret),
          createdBy: user.id,
        });
        return { ...hookView(hook), secret };
      },

      async listHooks(user: User, propertyId: string): Promise<Hook[]> {
        await deps.properties.requireAllowed(user, propertyId);
        return (await repository.listHooks(propertyId)).map(hookView);
      },

      async deleteHook(user: User, propertyId: string, hookId: string): Promise<void> {
        await deps.properties.requireAllowed(user, propertyId);
        if (!uuidPattern.test(hookId) || !(await repository.deleteHook(propertyId, hookId)))
          throw new AppError("hook_not_found", webhookMessages.hookNotFound);
      },

      /**
       * A webhook delivery: verified against the hook's secret before anything is read, stored once
       * per delivery id, and read into the inbox by a job, so the sender gets its answer at once.
       * An unknown hook is refused like a bad signature, so the answer tells nothing about which
       * addresses exist.
       */
      async receiveDelivery(
        hookId: string,
        delivery: {
          event: string | undefined;
          deliveryId: string | undefined;
          signature: string | undefined;
          body: Buffer;
        },
      ): Promise<DeliveryOutcome> {
        const refused = () => new AppError("webhook_signature_invalid", webhookMessages.signature);
        const hook = uuidPattern.test(hookId) ? await repository.findHook(hookId) : null;
        if (!hook || !delivery.signature || delivery.body.length === 0) throw refused();
        if (!signatureMatches(deps.box.open(hook.sealedSecret), delivery.body, delivery.signature))
          throw refused();
        if (delivery.event === "ping") return "ignored";
        // Proven to come from the secret's holder: what follows refuses for the content only.
        const body = deliveryJson(delivery.body);
        const receivedAt = now();
        const parsed = parseDelivery(delivery.event, body, receivedAt);
        if (!parsed) return "ignored";
        // Without GitHub's delivery id, the body is its own identity: the same body sent again
        // is the same delivery.
        const deliveryId =
          delivery.deliveryId?.slice(0, 100) ||
          createHash("sha256").update(delivery.body).digest("hex");
        const stored = await repository.storeDelivery({
          hookId: hook.id,
          propertyId: hook.propertyId,
          deliveryId,
          ...parsed,
        });
        if (!stored) return "duplicate";
        await queueRead(hook.propertyId, "release-webhook");
        return "stored";
      },
    },
  };
}
