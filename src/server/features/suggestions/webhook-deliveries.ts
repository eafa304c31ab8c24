/**
 * A webhook delivery's bytes: its signature checked over them exactly as sent, then read as
 * UTF-8 JSON, then as a GitHub event or a plain release.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../../app-error.js";
import {
  compareDates,
  fromIsoDate,
  latestTodayAnywhere,
  parseIsoDate,
  toIsoDate,
} from "../../../shared/calendar-date.js";
import { annotationDescriptionMaxLength } from "../../../shared/contracts/annotations.js";
import { plainReleaseDelivery } from "../../../shared/contracts/suggestions.js";
import { cut, webhookMessages } from "./suggestion-words.js";

/** What a verified delivery tells, before it is stored. */
interface ParsedDelivery {
  itemKey: string;
  title: string;
  description: string;
  day: string;
}

/**
 * GitHub's `X-Hub-Signature-256` (`sha256=` and the hex HMAC-SHA256 of the body) checked over the
 * body's bytes exactly as sent. Never over decoded text: decoding replaces bytes that are not
 * UTF-8, so a correctly signed body would fail (and two bodies would read alike). Compared in
 * constant time after a length check.
 */
export function signatureMatches(secret: string, body: Buffer, signature: string): boolean {
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

/** The body, proven to come from the secret's holder, as JSON; refused for its content only. */
export function deliveryJson(bytes: Buffer): unknown {
  const text = utf8Text(bytes);
  if (text === null) throw new AppError("invalid_request", webhookMessages.notUtf8);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_request", webhookMessages.notJson);
  }
}

/** Reads a GitHub event or a plain release; null for events that suggest nothing. */
export function parseDelivery(
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
