/**
 * Every create, exactly once by its request id: a new request is opened and sent, a repeated one
 * is answered from what became of the first, and a lost answer is settled by looking at Google.
 */
import { errorMessages } from "../../../shared/contracts/errors.js";
import { dailyLimitMessage, startOfUtcDay } from "../../../shared/daily-quota.js";
import { AppError, isAppError } from "../../app-error.js";
import type { AnnotationCreateRequest, CreateRequestExtras, User } from "../../db/schema/index.js";
import type { GoogleAnnotationInput } from "../../integrations/google/analytics-admin.js";
import { resendRequestIdOf } from "./annotation-changes.js";
import type { AnnotationsContext, AnnotationWrite, CreateOptions } from "./annotation-deps.js";
import { sendOpened } from "./annotation-create-sends.js";
import { annotationIdOf } from "./annotation-google.js";
import type { AnnotationReads } from "./annotation-reads.js";
import type { CreateClaims } from "./create-claims.js";

/** A repeated request id whose first create is known not to have happened. */
const createDidNotHappenMessage = "That create did not happen. Please try again.";

interface CreateParts {
  context: AnnotationsContext;
  claims: CreateClaims;
  reads: Pick<AnnotationReads, "listAnnotations" | "toAnnotations">;
}

/**
 * Answers a create request seen before, from what became of it; never sends it again. The
 * extras are the first request's, as Google's fields are. "missing" when it provably did not
 * happen: it failed, or a fresh listing proves it never landed.
 */
async function repeated(
  parts: CreateParts,
  user: User,
  propertyId: string,
  request: AnnotationCreateRequest,
): Promise<AnnotationWrite | "missing"> {
  const { now, records, createRequests } = parts.context;
  const { findLanded, claim, provenMissing, giveUp } = parts.claims;
  const { listAnnotations, toAnnotations } = parts.reads;
  if (request.userId !== user.id || request.propertyId !== propertyId) {
    throw new AppError("invalid_request", "That request ID was already used for another request.");
  }
  if (request.state === "failed") return "missing";
  const listedFrom = now();
  let listing: Awaited<ReturnType<typeof listAnnotations>>;
  try {
    listing = await listAnnotations(user, propertyId);
  } catch (error) {
    // This listing was to tell whether the first create landed: failing, it tells nothing,
    // and the create may well exist, so it is unconfirmed, never refused.
    if (isAppError(error, "google_busy") || isAppError(error, "google_unavailable"))
      throw new AppError("google_unconfirmed", errorMessages.createUnconfirmed);
    throw error;
  }
  if (request.state === "created") {
    const annotation = listing.annotations.find(
      (candidate) => annotationIdOf(candidate) === request.annotationId,
    );
    if (!annotation) throw new AppError("annotation_not_found", errorMessages.annotationGone);
    const [found] = await toAnnotations(user, propertyId, [annotation]);
    const change = await records.createdChange({
      userId: user.id,
      propertyId,
      annotationId: found!.annotationId,
    });
    return { ...found!, changeId: change?.id ?? null };
  }
  const landed = await findLanded(
    propertyId,
    listing.annotations,
    request.body as GoogleAnnotationInput,
  );
  if (!landed) {
    if (!provenMissing(request, listing, listedFrom))
      throw new AppError("google_unconfirmed", errorMessages.createUnconfirmed);
    if (await giveUp(request, { settleAfter: request.settleAfter })) return "missing";
    // Settled meanwhile, or its sender is still at it (it sent another attempt): look again.
    return repeated(parts, user, propertyId, (await createRequests.find(request.id))!);
  }
  return claim(user, request, landed);
}

export function createAnnotationCreates(
  context: AnnotationsContext,
  claims: CreateClaims,
  reads: Pick<AnnotationReads, "listAnnotations" | "toAnnotations">,
) {
  const { now, properties, quota, createRequests } = context;
  const { attemptSettledAt } = claims;
  const parts: CreateParts = { context, claims, reads };

  /**
   * Every create, from the table, the assistant or an undo: exactly once by its request id
   * (decision 0020), counted against the day's quota — except the restore of a recorded deletion
   * (`extras.restores`, its request id derived from that deletion), which takes no slot (0060).
   *
   * With `resendWhenMissing` (callers that hold the content and must see it written: an import
   * row, the undo of a deletion, an inbox suggestion), a request id whose create provably did not
   * happen is followed by the next of its chain (`resendRequestIdOf`), and the create is sent
   * under that one: never twice in Google, and never lost to a failure (decision 0066).
   */
  async function createOnce(
    user: User,
    propertyId: string,
    body: GoogleAnnotationInput,
    extras: CreateRequestExtras,
    givenRequestId: string | undefined,
    options: CreateOptions = {},
  ): Promise<AnnotationWrite> {
    for (let requestId = givenRequestId ?? crypto.randomUUID(); ;) {
      // The same request again (a retry after a lost answer): never a second create.
      const earlier = givenRequestId ? await createRequests.find(requestId) : null;
      const outcome = earlier
        ? await repeated(parts, user, propertyId, earlier)
        : await sendCreate(user, propertyId, body, extras, requestId);
      if (outcome !== "missing") return outcome;
      if (!options.resendWhenMissing)
        throw new AppError("google_unavailable", createDidNotHappenMessage);
      requestId = resendRequestIdOf(requestId);
    }
  }

  /** Opens a create under a new request id and sends it. */
  async function sendCreate(
    user: User,
    propertyId: string,
    body: GoogleAnnotationInput,
    extras: CreateRequestExtras,
    requestId: string,
  ): Promise<AnnotationWrite | "missing"> {
    const day = startOfUtcDay(now());
    const takesQuota = extras.restores === undefined;
    if (takesQuota && !(await quota.take(user.id, day)))
      throw new AppError(
        "daily_limit",
        dailyLimitMessage(
          user.annotationQuota,
          now(),
          await properties.timeZoneOf(user, propertyId),
        ),
      );
    if (
      !(await createRequests.open({
        id: requestId,
        userId: user.id,
        propertyId,
        body: body as Record<string, unknown>,
        extras,
        quotaDay: day,
        settleAfter: attemptSettledAt(now()),
      }))
    ) {
      // Another request with this id got in first (a double submit).
      if (takesQuota) await quota.giveBack(user.id, day);
      const first = await createRequests.find(requestId);
      if (!first) throw new AppError("google_unconfirmed", errorMessages.createUnconfirmed);
      return repeated(parts, user, propertyId, first);
    }
    const opened = (await createRequests.find(requestId))!;
    return sendOpened(parts, user, propertyId, body, opened);
  }

  return { createOnce };
}

export type AnnotationCreates = ReturnType<typeof createAnnotationCreates>;
