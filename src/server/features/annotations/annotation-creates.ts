/**
 * Every create, exactly once by its request id: a new request is opened and sent, a repeated one
 * is answered from what became of the first, and a lost answer is settled by looking at Google.
 */
import { errorMessages } from "../../../shared/contracts/errors.js";
import { dailyLimitMessage, startOfUtcDay } from "../../../shared/daily-quota.js";
import { AppError } from "../../app-error.js";
import type { AnnotationCreateRequest, CreateRequestExtras, User } from "../../db/schema/index.js";
import type {
  GoogleAnnotation,
  GoogleAnnotationInput,
} from "../../integrations/google/analytics-admin.js";
import { GoogleApiError } from "../../integrations/google/google-api-error.js";
import { toAppError } from "../google-connection/google-error-messages.js";
import { resendRequestIdOf } from "./annotation-changes.js";
import type { AnnotationsContext, AnnotationWrite, CreateOptions } from "./annotation-deps.js";
import { annotationIdOf, describeFailure, mayHideOutcome } from "./annotation-google.js";
import type { AnnotationReads } from "./annotation-reads.js";
import { settleAfterOf, type CreateClaims } from "./create-claims.js";

/** A repeated request id whose first create is known not to have happened. */
const createDidNotHappenMessage = "That create did not happen. Please try again.";

/**
 * Thrown inside a create's retry loop: before sending it again we found it no longer pending —
 * a listing proved it missing meanwhile, so this request must never be sent again.
 */
class CreateSuperseded extends Error {
  constructor() {
    super("A create was settled by a listing between its attempts");
  }
}

/** Thrown inside a create's retry loop: Google's answer was lost and nothing proves either way. */
class OutcomeUnknown extends Error {
  constructor(
    readonly failure: GoogleApiError,
    /** Why the check of Google's list failed, when it did. */
    readonly listFailure?: unknown,
  ) {
    super("Google's answer to a create was lost");
  }
}

export function createAnnotationCreates(
  context: AnnotationsContext,
  claims: CreateClaims,
  reads: Pick<AnnotationReads, "listAnnotations" | "toAnnotations">,
) {
  const { now, gateway, properties, records, quota, createRequests, logger } = context;
  const { attemptSettledAt, findLanded, claim, provenMissing, giveUp } = claims;
  const { listAnnotations, toAnnotations } = reads;

  /**
   * Answers a create request seen before, from what became of it; never sends it again. The
   * extras are the first request's, as Google's fields are. "missing" when it provably did not
   * happen: it failed, or a fresh listing proves it never landed.
   */
  async function repeated(
    user: User,
    propertyId: string,
    request: AnnotationCreateRequest,
  ): Promise<AnnotationWrite | "missing"> {
    if (request.userId !== user.id || request.propertyId !== propertyId) {
      throw new AppError(
        "invalid_request",
        "That request ID was already used for another request.",
      );
    }
    if (request.state === "failed") return "missing";
    const listedFrom = now();
    const listing = await listAnnotations(user, propertyId);
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
      return repeated(user, propertyId, (await createRequests.find(request.id))!);
    }
    return claim(user, request, landed);
  }

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
        ? await repeated(user, propertyId, earlier)
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
      return repeated(user, propertyId, first);
    }
    const opened = (await createRequests.find(requestId))!;

    /** The last attempt's failure, as Google (or the connection) gave it. */
    let lastFailure: GoogleApiError | undefined;
    let created: GoogleAnnotation;
    try {
      created = await gateway.call<GoogleAnnotation>(
        user,
        "property",
        async (admin, token) => {
          try {
            return await admin.createAnnotation(token, propertyId, body);
          } catch (error) {
            if (error instanceof GoogleApiError) lastFailure = error;
            throw error;
          }
        },
        {
          requiresWrite: true,
          retry: true,
          // Google answered with an error or not at all: look before sending it again.
          beforeRetry: async (admin, token, failure) => {
            // A 429 or a refusal means Google did nothing.
            if (failure.outcomeUnknown) {
              let found: GoogleAnnotation[];
              try {
                found = (await admin.listAnnotations(token, propertyId)).annotations;
              } catch (listFailure) {
                throw new OutcomeUnknown(failure, listFailure);
              }
              const landed = await findLanded(propertyId, found, body);
              if (landed) return { done: true, value: landed };
              // No answer at all (a dropped connection, a timeout): the create may still be on
              // its way, so it is not sent again until its fate is known. An error answer with
              // nothing in the list means Google did not make it: sending again is safe.
              if (failure.status === 0) throw new OutcomeUnknown(failure);
            }
            // A listing must now wait for the next attempt too; one that proved the create
            // missing meanwhile has ended it, and then it is never sent again.
            if (!(await createRequests.renewAttempt(opened.id, attemptSettledAt(now()))))
              throw new CreateSuperseded();
            return { done: false };
          },
        },
      );
    } catch (caught) {
      return afterFailedSend(user, propertyId, body, opened, caught, lastFailure);
    }
    return claim(user, opened, created);
  }

  /**
   * What a create whose sending failed comes to. A create a listing settled meanwhile is
   * "missing"; one whose answer was lost is decided by what Google holds (claimed when it landed);
   * one that may exist is left unconfirmed, its slot still taken, for a later listing to settle;
   * one Google refused or never made gives its slot back.
   */
  async function afterFailedSend(
    user: User,
    propertyId: string,
    body: GoogleAnnotationInput,
    opened: AnnotationCreateRequest,
    caught: unknown,
    /** The last attempt's failure, as Google (or the connection) gave it. */
    lastFailure: GoogleApiError | undefined,
  ): Promise<AnnotationWrite | "missing"> {
    if (caught instanceof CreateSuperseded) return "missing";
    let error = caught;
    // The last attempt's answer was lost (no answer, or a 5xx) with nothing looked at since,
    // or the look failed: what Google holds decides, read once more.
    const unread =
      error instanceof OutcomeUnknown
        ? error.listFailure !== undefined
        : mayHideOutcome(error) && lastFailure?.outcomeUnknown === true;
    if (unread) {
      const failure = error instanceof OutcomeUnknown ? error.failure : lastFailure!;
      const held = await lookFor(user, propertyId, body);
      if (held.state === "landed") return claim(user, opened, held.annotation);
      // An error answer and a list without it: Google did not make it (as before a resend).
      if (held.state === "absent" && failure.status !== 0) {
        await giveUp(opened);
        throw error instanceof OutcomeUnknown ? toAppError(failure, "property") : error;
      }
      error = new OutcomeUnknown(failure, held.state === "unknown" ? held.failure : undefined);
    }
    if (error instanceof OutcomeUnknown) {
      // The slot stays taken: the annotation may exist. A later listing settles it.
      const failure = error.failure;
      await createRequests.markUnconfirmed(opened.id, settleAfterOf(failure, now()));
      logger?.warn(
        {
          requestId: opened.id,
          google: failure.logFields,
          ...(error.listFailure !== undefined
            ? { listFailure: describeFailure(error.listFailure) }
            : {}),
        },
        "annotation create unconfirmed: Google's answer was lost",
      );
      throw new AppError("google_unconfirmed", errorMessages.createUnconfirmed);
    }
    // Google refused or stayed unavailable and made nothing: the slot is given back.
    await giveUp(opened);
    throw error;
  }

  /**
   * Whether a create landed, read from a fresh listing after its answer was lost. When the read
   * fails too, `failure` is Google's last answer to it (for the log).
   */
  async function lookFor(
    user: User,
    propertyId: string,
    body: GoogleAnnotationInput,
  ): Promise<
    | { state: "landed"; annotation: GoogleAnnotation }
    | { state: "absent" }
    | { state: "unknown"; failure: unknown }
  > {
    let lastFailure: GoogleApiError | undefined;
    try {
      const listing = await gateway.call(
        user,
        "property",
        async (admin, token) => {
          try {
            return await admin.listAnnotations(token, propertyId);
          } catch (error) {
            if (error instanceof GoogleApiError) lastFailure = error;
            throw error;
          }
        },
        { retry: true },
      );
      const landed = await findLanded(propertyId, listing.annotations, body);
      return landed ? { state: "landed", annotation: landed } : { state: "absent" };
    } catch (failure) {
      if (!(failure instanceof AppError)) throw failure;
      return { state: "unknown", failure: lastFailure ?? failure };
    }
  }

  return { createOnce };
}

export type AnnotationCreates = ReturnType<typeof createAnnotationCreates>;
