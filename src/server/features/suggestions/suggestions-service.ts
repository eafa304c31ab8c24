import { createHash, randomBytes } from "node:crypto";
import { verify as verifySignature } from "@octokit/webhooks-methods";
import type { FastifyBaseLogger } from "fastify";
import type { InboxHook, InboxSuggestion, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import type { SecretBox } from "../../security/secret-box.js";
import {
  addDays,
  compareDates,
  fromIsoDate,
  latestTodayAnywhere,
  parseIsoDate,
  toIsoDate,
} from "../../../shared/calendar-date.js";
import {
  applyTitleTemplate,
  categoryForPreset,
  categoryPresets,
  type CategoryPreset,
} from "../../../shared/categories.js";
import {
  annotationDescriptionMaxLength,
  annotationTitleMaxLength,
  type CreateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type {
  AcceptSuggestionRequest,
  BulkSuggestionRequest,
  BulkSuggestionResponse,
  CreatedHook,
  CreateRuleRequest,
  Hook,
  HolidayCalendarRequest,
  InboxRule,
  InboxSettings,
  Suggestion,
  SuggestionListResponse,
  SuggestionStatusValue,
} from "../../../shared/contracts/suggestions.js";
import { plainReleaseDelivery } from "../../../shared/contracts/suggestions.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import {
  lockedSourceMessage,
  suggestionSourceInfo,
  suggestionSourceKinds,
  type SuggestionSourceKind,
} from "../../../shared/suggestion-sources.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import { canUseCategories } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import { holidayCountries, holidayRegions, isKnownCalendar } from "./sources/holidays-source.js";
import { sourceRegistry, type SourceDeps } from "./sources/index.js";
import type { SourceRun, SuggestionDraft, SuggestionSource } from "./sources/source.js";
import type { SuggestionsRepository } from "./suggestions-repository.js";

/** How far back a source looks on its first read of a property. */
export const firstReadDays = 90;
/** Largest webhook body read; bigger deliveries are refused before anything is verified. */
export const webhookBodyLimitBytes = 128 * 1024;
/** A source's pages read in one run before the job yields to other work (it queues its own next run). */
const pagesPerRun = 20;
/** Properties each sweep queues per source; the rest wait for the next tick. */
const sweepBatch = 500;
/** Hourly sources are read again once their last read is this old. */
const pollEveryMs = 60 * 60 * 1000;
/** Most webhooks one property may have. */
export const hooksPerProperty = 10;

export const webhookMessages = {
  signature:
    "The signature does not match: sign the raw body with the webhook's secret (X-Hub-Signature-256: sha256=<HMAC-SHA256 hex>).",
  hookNotFound: "That webhook was not found.",
  notJson: "The delivery must be a JSON body.",
  futureDate: "The release date cannot be in the future.",
} as const;

export const inboxMessages = {
  notFound: "That suggestion was not found.",
  closed: "That suggestion was already accepted or dismissed.",
  notDismissed: "That suggestion is not dismissed, so there is nothing to undo.",
  sourceLocked: lockedSourceMessage,
  unknownCalendar: "That country or region has no public-holiday calendar here.",
  ruleNotFound: "That rule was not found.",
  hookLimit: `A property can have up to ${hooksPerProperty} webhooks. Delete one to add another.`,
} as const;

/** What a verified delivery tells, before it is stored. */
interface ParsedDelivery {
  itemKey: string;
  title: string;
  description: string;
  day: string;
}

export type DeliveryOutcome = "stored" | "duplicate" | "ignored";

function presetOf(key: CategoryPreset["key"]): CategoryPreset {
  return categoryPresets.find((preset) => preset.key === key) ?? categoryPresets[0]!;
}

/** The person's own category for a preset: named as it, or writing titles with its prefix. */
function cut(text: string, max: number): string {
  const characters = Array.from(text.trim());
  return characters.length <= max
    ? characters.join("")
    : `${characters.slice(0, max - 1).join("")}…`;
}

/** Hook ids are UUIDs; anything else names no hook. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The suggestion inbox of each GA4 property: sources read into suggestions (by jobs, one property
 * and source at a time), a person's accept (through the annotations service, once), dismiss and
 * rules, webhooks and holiday calendars. Suggestions belong to the property, not to a person:
 * anyone who may use the property sees and decides them.
 */
export function createSuggestionsService(deps: {
  repository: SuggestionsRepository;
  annotations: Pick<AnnotationsService, "create">;
  categories: Pick<CategoriesService, "list">;
  properties: Pick<PropertiesService, "requireAllowed">;
  findUser: (id: string) => Promise<User | null>;
  box: SecretBox;
  jobs: JobQueue;
  sourceDeps: Omit<SourceDeps, "deliveries" | "holidayCalendars" | "now">;
  appUrl: string;
  logger?: Pick<FastifyBaseLogger, "warn" | "info">;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repository } = deps;
  const sources = new Map<SuggestionSourceKind, SuggestionSource>(
    sourceRegistry.map((row) => [
      row.kind,
      row.create({
        ...deps.sourceDeps,
        deliveries: repository,
        holidayCalendars: repository,
        now,
      }),
    ]),
  );

  // One run reads one source for one property; the key keeps two instances (or two triggers)
  // from reading the same property and source at once, and queues at most one more behind it.
  const readJob = deps.jobs.define<{ propertyId: string; source: SuggestionSourceKind }>({
    name: "inbox-read",
    oneAtATime: true,
    // Reads of different properties and sources run side by side: a chosen calendar's few
    // holidays never wait behind another property's 90 days of change history.
    concurrency: 4,
    retryLimit: 3,
    retryDelaySeconds: 30,
    timeoutSeconds: 5 * 60,
    run: async ({ propertyId, source }, context) => {
      const more = await readSource(propertyId, source, context.signal);
      if (more) await queueRead(propertyId, source);
    },
  });

  // Every minute: properties a source has never read (just saved, a calendar just chosen) are
  // read now; hourly sources are read again once their last read is an hour old, spread out.
  deps.jobs.define<Record<string, never>>({
    name: "inbox-sweep",
    schedule: "* * * * *",
    oneAtATime: true,
    retryLimit: 0,
    run: async () => {
      await sweep();
    },
  });

  function queueRead(
    propertyId: string,
    source: SuggestionSourceKind,
    startAfterSeconds?: number,
  ): Promise<boolean> {
    return readJob.send(
      { propertyId, source },
      {
        singletonKey: `${propertyId}:${source}`,
        ...(startAfterSeconds ? { startAfterSeconds } : {}),
      },
    );
  }

  async function sweep(): Promise<void> {
    const at = now();
    for (const registration of sourceRegistry) {
      const kind = registration.kind;
      if (kind === "holidays") {
        for (const propertyId of await repository.calendarsToRead(sweepBatch))
          await queueRead(propertyId, kind);
      } else if (registration.readWhenPropertySaved) {
        for (const propertyId of await repository.propertiesToRead(kind, null, sweepBatch))
          await queueRead(propertyId, kind);
      }
      if (registration.schedule !== "hourly") continue;
      const stale = await repository.propertiesToRead(
        kind,
        new Date(at.getTime() - pollEveryMs),
        sweepBatch,
      );
      // Spread over the coming hour by property, so an hour's reads do not all start at once.
      for (const propertyId of stale)
        await queueRead(propertyId, kind, spreadSeconds(propertyId, kind));
    }
  }

  /** A stable offset within the hour for a property and source. */
  function spreadSeconds(propertyId: string, kind: SuggestionSourceKind): number {
    const digest = createHash("sha256").update(`${propertyId}:${kind}`).digest();
    return digest.readUInt32BE(0) % 3600;
  }

  /**
   * The person a source reads for: the earliest who saved the property and whose plan includes
   * the source; "none" when there is no such person.
   */
  async function readerFor(propertyId: string, kind: SuggestionSourceKind): Promise<User | "none"> {
    for (const userId of await repository.savedBy(propertyId)) {
      const user = await deps.findUser(userId);
      if (user && capabilitiesOf(user.subscriptionTier).suggestionSources.includes(kind))
        return user;
    }
    return "none";
  }

  function toRow(draft: SuggestionDraft, kind: SuggestionSourceKind) {
    const preset = presetOf(draft.categoryPreset ?? suggestionSourceInfo[kind].categoryPreset);
    const start = draft.annotationDate ?? draft.annotationDateRange!.startDate;
    const end = draft.annotationDateRange?.endDate ?? null;
    return {
      itemKey: draft.itemKey,
      origin: draft.origin ?? null,
      startDate: toIsoDate(start),
      endDate: end ? toIsoDate(end) : null,
      title: cut(draft.title, annotationTitleMaxLength),
      description: cut(draft.description, annotationDescriptionMaxLength),
      color: draft.color ?? preset.color,
      categoryPreset: preset.key,
    };
  }

  /**
   * Reads a source's news for a property into the inbox, page by page up to a bound, then applies
   * the property's rules to what is new. Returns whether more pages wait.
   */
  async function readSource(
    propertyId: string,
    kind: SuggestionSourceKind,
    signal?: AbortSignal,
  ): Promise<boolean> {
    const source = sources.get(kind);
    if (!source) return false;
    const reader = await readerFor(propertyId, kind);
    // No one who saved it may use this source: nothing is read, and the cursor stays.
    if (reader === "none") return false;
    const at = now();
    const today = fromIsoDate(at.toISOString().slice(0, 10));
    const run: SourceRun = {
      propertyId,
      reader,
      now: at,
      earliest: addDays(today, -firstReadDays),
    };
    for (let page = 0; page < pagesPerRun; page++) {
      signal?.throwIfAborted();
      const cursor = (await repository.cursorOf(propertyId, kind))?.cursor ?? null;
      let batch;
      try {
        batch = await source.fetchSince(run, cursor);
      } catch (error) {
        // A refusal for the reader (Google disconnected, the property out of reach, a quota) is
        // no fault of the job's: it is tried again on the next sweep, from the same cursor.
        if (error instanceof AppError) {
          deps.logger?.info(
            { propertyId, source: kind, code: error.code },
            "inbox source skipped a read",
          );
          if (cursor === null) await repository.storeBatch(propertyId, kind, [], null);
          return false;
        }
        throw error;
      }
      const added = await repository.storeBatch(
        propertyId,
        kind,
        batch.suggestions.map((draft) => toRow(draft, kind)),
        batch.cursor,
      );
      await applyRules(propertyId, added);
      if (!batch.more) return false;
    }
    return true;
  }

  /** Accepts new suggestions a rule covers, as the rule's person, while their quota lasts. */
  async function applyRules(propertyId: string, added: InboxSuggestion[]): Promise<void> {
    const spent = new Set<string>();
    for (const row of added) {
      const rule = await repository.ruleFor(propertyId, row.source, row.origin);
      if (!rule || spent.has(rule.userId)) continue;
      const user = await deps.findUser(rule.userId);
      if (!user || !capabilitiesOf(user.subscriptionTier).suggestionSources.includes(row.source))
        continue;
      try {
        await acceptRow(user, propertyId, row, { categoryId: rule.categoryId }, "rule");
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Out of quota (or Google unreachable): the rest stay in the inbox for a person.
        if (error.code === "daily_limit") spent.add(rule.userId);
        deps.logger?.info(
          { propertyId, suggestionId: row.id, code: error.code },
          "inbox rule left a suggestion open",
        );
      }
    }
  }

  function availableSources(user: User): readonly SuggestionSourceKind[] {
    return capabilitiesOf(user.subscriptionTier).suggestionSources;
  }

  function requireSource(user: User, kind: SuggestionSourceKind): void {
    if (!availableSources(user).includes(kind))
      throw new AppError("premium_required", inboxMessages.sourceLocked(kind));
  }

  async function categoriesOf(user: User): Promise<Category[]> {
    return canUseCategories(user) ? deps.categories.list(user) : [];
  }

  function toSuggestion(row: InboxSuggestion, categories: readonly Category[]): Suggestion {
    const preset = presetOf(row.categoryPreset);
    const category = categoryForPreset(categories, preset);
    const start = fromIsoDate(row.startDate);
    return {
      id: row.id,
      propertyId: row.propertyId,
      source: row.source,
      annotationDate: start,
      ...(row.endDate
        ? { annotationDateRange: { startDate: start, endDate: fromIsoDate(row.endDate) } }
        : {}),
      title: applyTitleTemplate(
        row.title,
        category ? category.titleTemplate : preset.titleTemplate,
        annotationTitleMaxLength,
      ),
      description: row.description,
      color: row.color,
      categoryPreset: row.categoryPreset,
      categoryId: category?.id ?? null,
      status: row.status,
      annotationId: row.annotationId,
      decidedHow: row.decidedHow,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * Writes a suggestion as an annotation through the annotations service, with the suggestion's
   * own create request id: an accept repeated after Google's answer was lost (a second click, a
   * retry, a rule's job run again) finds the first create instead of making a second.
   */
  async function acceptRow(
    user: User,
    propertyId: string,
    row: InboxSuggestion,
    edits: AcceptSuggestionRequest,
    how: "person" | "rule",
  ): Promise<Suggestion> {
    if (row.status !== "open") throw new AppError("suggestion_closed", inboxMessages.closed);
    const categories = await categoriesOf(user);
    const suggested = toSuggestion(row, categories);
    const categoryId = edits.categoryId !== undefined ? edits.categoryId : suggested.categoryId;
    const chosen = categories.find((category) => category.id === categoryId);
    const title =
      edits.title !== undefined
        ? applyTitleTemplate(
            edits.title,
            chosen?.titleTemplate ?? presetOf(row.categoryPreset).titleTemplate,
            annotationTitleMaxLength,
          )
        : chosen
          ? applyTitleTemplate(row.title, chosen.titleTemplate, annotationTitleMaxLength)
          : suggested.title;
    const description = edits.description ?? row.description;
    const target =
      edits.annotationDate || edits.annotationDateRange
        ? edits.annotationDate
          ? { annotationDate: edits.annotationDate }
          : { annotationDateRange: edits.annotationDateRange! }
        : suggested.annotationDateRange
          ? { annotationDateRange: suggested.annotationDateRange }
          : { annotationDate: suggested.annotationDate };
    const request: CreateAnnotationRequest = {
      title,
      ...(description ? { description } : {}),
      ...target,
      color: edits.color ?? row.color,
      ...(categoryId ? { categoryId } : {}),
      requestId: row.requestId,
    };
    let created;
    try {
      created = await deps.annotations.create(user, propertyId, request, "inbox");
    } catch (error) {
      // A create that surely made nothing (Google refused it, or gave up) has ended for good
      // under this id; the next accept gets a fresh one. An unconfirmed one keeps its id, so the
      // next accept settles it rather than writing again.
      if (
        error instanceof AppError &&
        error.code.startsWith("google_") &&
        error.code !== "google_unconfirmed"
      )
        await repository.renewRequestId(row.id, crypto.randomUUID());
      throw error;
    }
    const decided = await repository.decide(row.id, {
      status: "accepted",
      userId: user.id,
      how,
      annotationId: created.annotationId,
      at: now(),
    });
    // Decided meanwhile by someone else: the annotation is the same one (same request id).
    const final = decided ?? (await repository.find(propertyId, row.id)) ?? row;
    return toSuggestion(final, categories);
  }

  async function findOpen(propertyId: string, id: string): Promise<InboxSuggestion> {
    const row = await repository.find(propertyId, id);
    if (!row) throw new AppError("suggestion_not_found", inboxMessages.notFound);
    return row;
  }

  async function dismissRow(user: User, row: InboxSuggestion, categories: readonly Category[]) {
    if (row.status !== "open") throw new AppError("suggestion_closed", inboxMessages.closed);
    const decided = await repository.decide(row.id, {
      status: "dismissed",
      userId: user.id,
      how: "person",
      at: now(),
    });
    if (!decided) throw new AppError("suggestion_closed", inboxMessages.closed);
    return toSuggestion(decided, categories);
  }

  function hookView(hook: InboxHook): Hook {
    return {
      id: hook.id,
      name: hook.name,
      url: `${deps.appUrl}/api/hooks/${hook.id}`,
      createdAt: hook.createdAt.toISOString(),
    };
  }

  function ruleView(rule: {
    id: string;
    source: SuggestionSourceKind;
    origin: string | null;
    categoryId: string | null;
    createdAt: Date;
  }): InboxRule {
    return {
      id: rule.id,
      source: rule.source,
      origin: rule.origin,
      categoryId: rule.categoryId,
      createdAt: rule.createdAt.toISOString(),
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
    queueRead,
    readSource,
    sweep,

    async list(
      user: User,
      propertyId: string,
      status: SuggestionStatusValue,
    ): Promise<SuggestionListResponse> {
      await deps.properties.requireAllowed(user, propertyId);
      const available = availableSources(user);
      const [rows, openRows, categories] = await Promise.all([
        repository.list(propertyId, status),
        status === "open" ? null : repository.list(propertyId, "open"),
        categoriesOf(user),
      ]);
      const visible = rows.filter((row) => available.includes(row.source));
      const open = (openRows ?? rows).filter((row) => available.includes(row.source));
      return {
        suggestions: visible.map((row) => toSuggestion(row, categories)),
        openCount: open.length,
        sources: suggestionSourceKinds.map((kind) => ({
          kind,
          available: available.includes(kind),
        })),
      };
    },

    async accept(
      user: User,
      propertyId: string,
      id: string,
      edits: AcceptSuggestionRequest,
    ): Promise<Suggestion> {
      await deps.properties.requireAllowed(user, propertyId);
      const row = await findOpen(propertyId, id);
      requireSource(user, row.source);
      return acceptRow(user, propertyId, row, edits, "person");
    },

    async dismiss(user: User, propertyId: string, id: string): Promise<Suggestion> {
      await deps.properties.requireAllowed(user, propertyId);
      const row = await findOpen(propertyId, id);
      requireSource(user, row.source);
      return dismissRow(user, row, await categoriesOf(user));
    },

    /** Undoes a dismissal: the suggestion is open again, as it was. */
    async restore(user: User, propertyId: string, id: string): Promise<Suggestion> {
      await deps.properties.requireAllowed(user, propertyId);
      const row = await findOpen(propertyId, id);
      requireSource(user, row.source);
      const reopened = row.status === "dismissed" ? await repository.reopen(row.id) : null;
      if (!reopened) throw new AppError("suggestion_closed", inboxMessages.notDismissed);
      return toSuggestion(reopened, await categoriesOf(user));
    },

    /** Each suggestion decided on its own: one refused (quota, closed) does not stop the rest. */
    async bulk(
      user: User,
      propertyId: string,
      request: BulkSuggestionRequest,
    ): Promise<BulkSuggestionResponse> {
      await deps.properties.requireAllowed(user, propertyId);
      const ids = [...new Set(request.ids)];
      const rows = new Map(
        (await repository.findMany(propertyId, ids)).map((row) => [row.id, row]),
      );
      const categories = await categoriesOf(user);
      const results: BulkSuggestionResponse["results"] = [];
      for (const id of ids) {
        try {
          const row = rows.get(id);
          if (!row) throw new AppError("suggestion_not_found", inboxMessages.notFound);
          requireSource(user, row.source);
          const suggestion =
            request.action === "accept"
              ? await acceptRow(user, propertyId, row, {}, "person")
              : await dismissRow(user, row, categories);
          results.push({ id, ok: true, suggestion });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ id, ok: false, code: error.code, error: error.message });
        }
      }
      return { results };
    },

    async settings(user: User, propertyId: string): Promise<InboxSettings> {
      await deps.properties.requireAllowed(user, propertyId);
      const [hooks, holidayCalendar, rules] = await Promise.all([
        repository.listHooks(propertyId),
        repository.holidayCalendar(propertyId),
        repository.listRules(propertyId),
      ]);
      return {
        hooks: hooks.map(hookView),
        holidayCalendar,
        rules: rules.map(ruleView),
      };
    },

    holidayChoices(country: string | null) {
      return {
        countries: holidayCountries(),
        regions: country ? holidayRegions(country.toUpperCase()) : {},
      };
    },

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

    async setHolidayCalendar(
      user: User,
      propertyId: string,
      calendar: HolidayCalendarRequest,
    ): Promise<{ holidayCalendar: { country: string; region: string | null } | null }> {
      await deps.properties.requireAllowed(user, propertyId);
      requireSource(user, "holidays");
      const chosen = calendar
        ? { country: calendar.country, region: calendar.region ?? null }
        : null;
      if (chosen && !isKnownCalendar(chosen.country, chosen.region))
        throw new AppError("invalid_request", inboxMessages.unknownCalendar);
      await repository.setHolidayCalendar(propertyId, chosen);
      // Read at once; the sweep would otherwise find it within a minute.
      if (chosen) await queueRead(propertyId, "holidays");
      return { holidayCalendar: chosen };
    },

    async createRule(
      user: User,
      propertyId: string,
      request: CreateRuleRequest,
    ): Promise<InboxRule> {
      await deps.properties.requireAllowed(user, propertyId);
      requireSource(user, request.source);
      if (request.origin) {
        const hook = await repository.findHook(request.origin);
        if (!hook || hook.propertyId !== propertyId)
          throw new AppError("hook_not_found", webhookMessages.hookNotFound);
      }
      if (request.categoryId) {
        const categories = await categoriesOf(user);
        if (!categories.some((category) => category.id === request.categoryId))
          throw new AppError("category_not_found", "That category was not found.");
      }
      return ruleView(
        await repository.createRule({
          propertyId,
          source: request.source,
          origin: request.origin ?? null,
          categoryId: request.categoryId ?? null,
          userId: user.id,
        }),
      );
    },

    async deleteRule(user: User, propertyId: string, ruleId: string): Promise<void> {
      await deps.properties.requireAllowed(user, propertyId);
      if (!uuidPattern.test(ruleId) || !(await repository.deleteRule(propertyId, ruleId)))
        throw new AppError("suggestion_not_found", inboxMessages.ruleNotFound);
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
      const raw = delivery.body.toString("utf8");
      if (!(await verifySignature(deps.box.open(hook.sealedSecret), raw, delivery.signature)))
        throw refused();
      if (delivery.event === "ping") return "ignored";
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw new AppError("invalid_request", webhookMessages.notJson);
      }
      const receivedAt = now();
      const parsed = parseDelivery(delivery.event, body, receivedAt);
      if (!parsed) return "ignored";
      // Without GitHub's delivery id, the body is its own identity: the same body sent again
      // is the same delivery.
      const deliveryId =
        delivery.deliveryId?.slice(0, 100) || createHash("sha256").update(raw).digest("hex");
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
  };
}

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
