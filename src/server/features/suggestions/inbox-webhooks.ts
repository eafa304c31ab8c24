/**
 * Release webhooks: each hook's secret is shown once and kept sealed; a delivery is verified
 * against it over the raw bytes before anything is read, stored once per delivery, and read into
 * the inbox by a job, so the sender gets its answer at once.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { InboxHook, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import {
  compareDates,
  fromIsoDate,
  latestTodayAnywhere,
  parseIsoDate,
  toIsoDate,
} from "../../../shared/calendar-date.js";
import { annotationDescriptionMaxLength } from "../../../shared/contracts/annotations.js";
import {
  plainReleaseDelivery,
  type CreatedHook,
  type Hook,
} from "../../../shared/contracts/suggestions.js";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources.js";
import type { SuggestionsDeps } from "./suggestions-deps.js";
import {
  cut,
  hooksPerProperty,
  inboxMessages,
  uuidPattern,
  webhookMessages,
} from "./suggestion-words.js";

/** Largest webhook body read; bigger deliveries are refused before anything is verified. */
export const webhookBodyLimitBytes = 128 * 1024;

/** What a verified delivery tells, before it is stored. */
interface ParsedDelivery {
  itemKey: string;
  title: string;
  description: string;
  day: string;
}

export type DeliveryOutcome = "stored" | "duplicate" | "ignored";

/**
 * GitHub's `X-Hub-Signature-256` (`sha256=` and the hex HMAC-SHA256 of the body) checked over the
 * body's bytes exactly as sent. Never over decoded text: decoding replaces bytes that are not
 * UTF-8, so a correctly signed body would fail (and two bodies would read alike). Compared in
 * constant time after a length check.
 */
function signatureMatches(secret: string, body: Buffer, signature: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The body as text (a byte order mark dropped), or null when its bytes are not UTF-8 (RFC 8259). */
function utf8Text(body: Buffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return null;
  }
}

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

  /** Reads a GitHub event or a plain release; null for events that suggest nothing. */
  function parseDelivery(
    event: string | undefined,
    body: unknown,
    receivedAt: Date,
  ): ParsedDelivery | null {
    const today = toIsoDate(fromIsoDate(receivedAt.toISOString().slice(0, 10)));
    const dayOf = (value: unknown) =>
      typeof value === "string" && parseIsoDate(value.slice(0, 10)) ? value.slice(0, 10) : today;
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    const object = (value: unknown): Record<string, unknown> =>
      value && typeof value === "object" ? (value as Record<string, unknown>) : {};
    if (event === undefined) {
      const parsed = plainReleaseDelivery.safeParse(body);
      if (!parsed.success)
        throw new AppError(
          "invalid_request",
          parsed.error.issues[0]?.message ?? "The release could not be read.",
        );
      const day = parsed.data.date ?? today;
      if (!parseIsoDate(day)) throw new AppError("invalid_request", "That date does not exist");
      if (compareDates(fromIsoDate(day), latestTodayAnywhere(receivedAt)) > 0)
        throw new AppError("future_date", webhookMessages.futureDate);
      return {
        itemKey: `plain:${day}:${parsed.data.title}`,
        title: parsed.data.title,
        description: parsed.data.description ?? "",
        day,
      };
    }
    const payload = object(body);
    const repository = text(object(payload.repository).full_name);
    if (event === "release") {
      if (payload.action !== "published") return null;
      const release = object(payload.release);
      const tag = text(release.tag_name);
      const name = text(release.name) || tag;
      if (!name) return null;
      return {
        itemKey: `release:${repository}:${String(release.id ?? tag)}`,
        title: repository ? `${name} (${repository.split("/").at(-1)})` : name,
        description: cut(
          [`Release ${tag}${repository ? ` of ${repository}` : ""}.`, text(release.body)]
            .filter(Boolean)
            .join(" "),
          annotationDescriptionMaxLength,
        ),
        day: dayOf(release.published_at),
      };
    }
    if (event === "deployment_status") {
      const status = object(payload.deployment_status);
      if (status.state !== "success") return null;
      const deployment = object(payload.deployment);
      const environment = text(deployment.environment) || text(status.environment) || "production";
      const ref = text(deployment.ref) || text(deployment.sha).slice(0, 7);
      return {
        itemKey: `deployment:${repository}:${String(deployment.id ?? deployment.sha)}`,
        title: `Deploy ${ref} to ${environment}`,
        description: `Deployment of ${repository || "the repository"} (${text(deployment.sha).slice(0, 12)}) to ${environment} succeeded.`,
        day: dayOf(status.created_at ?? status.updated_at),
      };
    }
    return null;
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
        const text = utf8Text(delivery.body);
        if (text === null) throw new AppError("invalid_request", webhookMessages.notUtf8);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw new AppError("invalid_request", webhookMessages.notJson);
        }
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
