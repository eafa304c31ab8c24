/**
 * The ledger of creates whose answer may have been lost: when an attempt has run its course,
 * when a listing proves a create missing, and how a landed create is claimed (made ours, once)
 * or given up (its quota slot back, once), whoever settles it first.
 */
import type { User, AnnotationCreateRequest } from "../../db/schema/index.js";
import {
  adminRequestTimeoutMs,
  type AnnotationListing,
  type GoogleAnnotation,
  type GoogleAnnotationInput,
} from "../../integrations/google/analytics-admin.js";
import type { GoogleApiError } from "../../integrations/google/google-api-error.js";
import { googleFieldsOf, resendRequestIdOf } from "./annotation-changes.js";
import type { AnnotationsContext, AnnotationWrite } from "./annotation-deps.js";
import { annotationIdOf, noExtras, sameAnnotation, toAnnotation } from "./annotation-google.js";
import { deletedRecordOf } from "./annotation-records-repository.js";

/**
 * How long a create may take to show up in Google's list when nothing better is known: one still
 * pending (its instance stopped mid-create), or one whose listings all took several pages. After
 * that it is taken as never made, and its quota slot is given back.
 */
export const unconfirmedCreateWindowMs = 10 * 60 * 1000;

/**
 * A write we stopped waiting for (our timeout) may still be carried out by Google afterwards, so
 * a listing proves nothing about it until this long after we gave up. Google's own deadline for
 * a request is well inside it.
 */
export const timedOutWriteGraceMs = 60_000;

/**
 * The end of a create's last attempt is read on one instance's clock and a listing's start on
 * another's; instances' clocks agree within this much.
 */
export const clockSkewMarginMs = 2_000;

/**
 * How long after an attempt starts a listing can prove it missing, at the Admin API client's
 * usual timeout: the wait before a create Google has not confirmed is worth checking again.
 */
export const createSettledWithinMs =
  adminRequestTimeoutMs + timedOutWriteGraceMs + clockSkewMarginMs;

/**
 * From when a listing that does not show an unconfirmed create proves it never landed: once its
 * last attempt ended, or, when we stopped waiting while Google may still have been working on it,
 * once Google would have finished; with room for instances' clocks to disagree.
 */
export function settleAfterOf(failure: GoogleApiError, endedAt: Date): Date {
  const grace = failure.connection?.timedOut ? timedOutWriteGraceMs : 0;
  return new Date(endedAt.getTime() + grace + clockSkewMarginMs);
}

/**
 * When a create's fate can be known: when its attempt has run its course, whether it is still in
 * flight, which request of its chain is in play, whether a listing shows it landed or proves it
 * missing.
 */
function createCreateLedger(context: AnnotationsContext) {
  const { now, requestTimeoutMs, records, createRequests } = context;

  /**
   * When an attempt started at `start` has run its course at Google, whatever became of the
   * process that sent it: our client stops waiting after its timeout, Google finishes within
   * `timedOutWriteGraceMs` after that, and clocks differ by up to `clockSkewMarginMs`. A listing
   * from then on that does not show the create proves it never landed.
   */
  function attemptSettledAt(start: Date): Date {
    return new Date(start.getTime() + requestTimeoutMs + timedOutWriteGraceMs + clockSkewMarginMs);
  }

  /** A create some process is still sending (its attempt has not run its course). */
  function stillInFlight(request: AnnotationCreateRequest | null): boolean {
    if (request?.state !== "pending") return false;
    if (request.settleAfter !== null) return now().getTime() < request.settleAfter.getTime();
    return now().getTime() - request.createdAt.getTime() < unconfirmedCreateWindowMs;
  }

  /** The request of a create chain now in play: the first that did not provably fail. */
  async function liveLinkOf(requestId: string): Promise<AnnotationCreateRequest | null> {
    for (let id = requestId; ; id = resendRequestIdOf(id)) {
      const request = await createRequests.find(id);
      if (request?.state !== "failed") return request;
    }
  }

  /**
   * The annotation a lost create made, if the list shows it: one that matches what was sent and
   * that no other create of ours has claimed (each claimed annotation has its metadata row).
   */
  async function findLanded(
    propertyId: string,
    found: GoogleAnnotation[],
    body: GoogleAnnotationInput,
    taken: Set<string> = new Set(),
  ): Promise<GoogleAnnotation | null> {
    const candidates = found.filter(
      (candidate) => !taken.has(annotationIdOf(candidate)) && sameAnnotation(candidate, body),
    );
    if (candidates.length === 0) return null;
    const known = await records.knownToAnyone(propertyId, candidates.map(annotationIdOf));
    return candidates.find((candidate) => !known.has(annotationIdOf(candidate))) ?? null;
  }

  /**
   * Whether a listing that does not show this create proves that it never landed. An unconfirmed
   * create would show in any listing that started after its last attempt could have landed
   * (`settleAfter`), if that listing is one snapshot (one page). Otherwise — still pending, its
   * instance gone, or only several-page listings — the fixed window decides.
   */
  function provenMissing(
    request: AnnotationCreateRequest,
    listing: AnnotationListing,
    listedFrom: Date,
  ): boolean {
    // A pending create's `settleAfter` covers its latest attempt, so a listing after it proves
    // it missing even when the process sending it died mid-create.
    if (
      (request.state === "unconfirmed" || request.state === "pending") &&
      request.settleAfter !== null &&
      listing.pages === 1 &&
      listedFrom.getTime() >= request.settleAfter.getTime()
    )
      return true;
    return now().getTime() - request.createdAt.getTime() > unconfirmedCreateWindowMs;
  }

  return { attemptSettledAt, stillInFlight, liveLinkOf, findLanded, provenMissing };
}

export function createCreateClaims(context: AnnotationsContext) {
  const { records, createRequests, quota, sets } = context;
  const ledger = createCreateLedger(context);
  const { findLanded, provenMissing } = ledger;

  /** Makes a landed create ours, with the extras kept beside it since it was opened. */
  async function claim(
    user: User,
    request: AnnotationCreateRequest,
    annotation: GoogleAnnotation,
  ): Promise<AnnotationWrite> {
    const annotationId = annotationIdOf(annotation);
    const { extras, changeId } = await records.recordCreate(
      { userId: user.id, propertyId: request.propertyId, annotationId },
      request.extras,
      googleFieldsOf(toAnnotation(annotation, annotationId, noExtras)),
    );
    await createRequests.settle(request.id, "created", annotationId);
    if (request.extras.restores !== undefined)
      await linkRestore(
        user,
        { propertyId: request.propertyId, annotationId },
        request.extras.restores,
        request.extras.undoRequestId,
      );
    return { ...toAnnotation(annotation, annotationId, extras), changeId };
  }

  /**
   * A restore that landed is the undo of its deletion and rejoins the copies the deleted one had
   * — whoever found it landed: the undo that sent it, or a listing after its answer was lost. So
   * a deletion counts as undone exactly when its restore is confirmed in Google. Idempotent.
   */
  async function linkRestore(
    user: User,
    restored: { propertyId: string; annotationId: string },
    deletionId: string,
    undoRequestId: string | undefined,
  ): Promise<void> {
    await records.markRestore({ userId: user.id, ...restored }, deletionId, undoRequestId);
    const deletion = await records.findChange(user.id, restored.propertyId, deletionId);
    await sets.rejoin(restored, deletedRecordOf(deletion?.before ?? null)?.copies ?? []);
  }

  /**
   * A create that never landed gives its slot back, once, whoever settles it first. `judged` is
   * given by anyone but its sender: the create is given up only if no attempt was sent since.
   */
  async function giveUp(
    request: AnnotationCreateRequest,
    judged?: { settleAfter: Date | null },
  ): Promise<boolean> {
    const settled = await createRequests.settle(request.id, "failed", null, judged);
    // A restore took no slot (decision 0060), so it gives none back.
    if (settled && request.extras.restores === undefined)
      await quota.giveBack(request.userId, request.quotaDay);
    return settled;
  }

  /**
   * Settles this person's open creates on a property from a fresh listing, which started at
   * `listedFrom`: one that shows up is created (its slot stays spent); one the listing proves
   * missing never landed, and its slot is given back.
   */
  async function settleUnconfirmed(
    user: User,
    propertyId: string,
    listing: AnnotationListing,
    listedFrom: Date,
  ) {
    if (!(await createRequests.hasUnsettled(user.id, propertyId))) return;
    const taken = new Set<string>();
    for (const request of await createRequests.unsettled(user.id, propertyId)) {
      const body = request.body as GoogleAnnotationInput;
      const landed = await findLanded(propertyId, listing.annotations, body, taken);
      if (landed) {
        taken.add(annotationIdOf(landed));
        await claim(user, request, landed);
      } else if (provenMissing(request, listing, listedFrom)) {
        await giveUp(request, { settleAfter: request.settleAfter });
      }
    }
  }

  return { ...ledger, claim, linkRestore, giveUp, settleUnconfirmed };
}

export type CreateClaims = ReturnType<typeof createCreateClaims>;
