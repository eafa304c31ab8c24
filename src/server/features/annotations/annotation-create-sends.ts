/**
 * Sending an opened create to Google, and what a send that failed comes to: claimed when it
 * landed, left unconfirmed when it may exist, given up when Google made nothing.
 */
import { errorMessages } from "../../../shared/contracts/errors.js";
import { AppError } from "../../app-error.js";
import type { AnnotationCreateRequest, User } from "../../db/schema/index.js";
import type {
  GoogleAnnotation,
  GoogleAnnotationInput,
} from "../../integrations/google/analytics-admin.js";
import { GoogleApiError } from "../../integrations/google/google-api-error.js";
import { toAppError } from "../google-connection/google-error-messages.js";
import type { AnnotationsContext, AnnotationWrite } from "./annotation-deps.js";
import { describeFailure, mayHideOutcome } from "./annotation-google.js";
import { settleAfterOf, type CreateClaims } from "./create-claims.js";

/** What sending a create reads and writes through. */
export interface SendParts {
  context: AnnotationsContext;
  claims: CreateClaims;
}

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

/**
 * Sends an opened create to Google, looking before each retry whether it landed, and claims what
 * it made; a failed send comes to what `afterFailedSend` makes of it.
 */
export async function sendOpened(
  parts: SendParts,
  user: User,
  propertyId: string,
  body: GoogleAnnotationInput,
  opened: AnnotationCreateRequest,
): Promise<AnnotationWrite | "missing"> {
  const { now, gateway, createRequests } = parts.context;
  const { attemptSettledAt, findLanded, claim } = parts.claims;
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
    return afterFailedSend(parts, user, propertyId, body, opened, caught, lastFailure);
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
  parts: SendParts,
  user: User,
  propertyId: string,
  body: GoogleAnnotationInput,
  opened: AnnotationCreateRequest,
  caught: unknown,
  /** The last attempt's failure, as Google (or the connection) gave it. */
  lastFailure: GoogleApiError | undefined,
): Promise<AnnotationWrite | "missing"> {
  const { now, createRequests, logger } = parts.context;
  const { claim, giveUp } = parts.claims;
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
    const held = await lookFor(parts, user, propertyId, body);
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
  parts: SendParts,
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
    const listing = await parts.context.gateway.call(
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
    const landed = await parts.claims.findLanded(propertyId, listing.annotations, body);
    return landed ? { state: "landed", annotation: landed } : { state: "absent" };
  } catch (failure) {
    if (!(failure instanceof AppError)) throw failure;
    return { state: "unknown", failure: lastFailure ?? failure };
  }
}
