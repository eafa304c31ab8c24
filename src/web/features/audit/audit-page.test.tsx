import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  AuditDetailResponse,
  AuditSession,
  AuditSuggestion,
} from "../../../shared/contracts/audits";
import {
  errorResponse,
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
  type FakeRoute,
} from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";

const auditor = makeUser({
  subscriptionTier: "premium",
  annotationQuota: 50,
  propertyQuota: 5,
  isAuditBetaUser: true,
});

const auditId = "a0000000-0000-4000-8000-000000000001";

function session(overrides: Partial<AuditSession> = {}): AuditSession {
  return {
    id: auditId,
    propertyId: "123",
    startDate: null,
    endDate: null,
    status: "completed",
    totalAnnotations: 2,
    processedAnnotations: 2,
    skippedAnnotations: 0,
    lastStep: "Done",
    errorMessage: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    completedAt: "2026-11-20T10:01:00.000Z",
    suggestionCount: 2,
    appliedCount: 0,
    started: true,
    ...overrides,
  };
}

function suggestion(overrides: Partial<AuditSuggestion> = {}): AuditSuggestion {
  return {
    id: "s0000000-0000-4000-8000-000000000001",
    annotationId: "111",
    originalTitle: "Spring sale launch",
    originalDescription: "",
    originalColor: "BLUE",
    suggestedTitle: "CAMPAIGN · Spring sale launch",
    suggestedDescription: null,
    suggestedColor: "PURPLE",
    suggestedCategoryId: null,
    suggestedCategoryName: "Campaigns & Promos",
    suggestedCategoryDescription: "Launches, channel spikes, marketing campaigns",
    suggestedCategoryColor: "PURPLE",
    aiReasoning: '"sale" makes this Campaigns & Promos (a new category).',
    status: "pending",
    modifiedTitle: null,
    modifiedDescription: null,
    modifiedCategoryId: null,
    failureReason: null,
    applicable: true,
    annotationDate: "2026-03-02",
    annotationEndDate: null,
    ...overrides,
  };
}

function routes(extra: Record<string, FakeRoute> = {}) {
  return {
    "GET /api/auth/user": signedInAs(auditor),
    "GET /api/properties": () =>
      jsonResponse(200, {
        properties: [
          {
            id: "p1",
            propertyId: "123",
            name: "wingtiptoys.com",
            locked: false,
            timeZone: "Australia/Sydney",
            createdAt: "2026-11-01T00:00:00Z",
          },
        ],
      }),
    "GET /api/categories": () => jsonResponse(200, { categories: [], annotationCounts: {} }),
    ...extra,
  } satisfies Record<string, FakeRoute>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openFromHistory(user: ReturnType<typeof userEvent.setup>, button: string) {
  await user.click(await screen.findByRole("tab", { name: "Past Audits" }));
  await user.click(await screen.findByRole("button", { name: new RegExp(`^${button}`) }));
}

describe("/audit review", () => {
  it("rejects, accepts and applies a suggestion that makes a new category, and tallies them", async () => {
    let suggestions = [
      suggestion(),
      suggestion({
        id: "s0000000-0000-4000-8000-000000000002",
        annotationId: "222",
        originalTitle: "update",
        suggestedTitle: null,
        suggestedCategoryName: null,
        suggestedColor: null,
        applicable: false,
        aiReasoning: 'The title "update" is too vague to tell what happened.',
        annotationDate: "2026-03-04",
        annotationEndDate: "2026-03-06",
      }),
    ];
    const detail = (): AuditDetailResponse => ({ session: session(), suggestions });
    const { requests } = stubApi(
      routes({
        "GET /api/audits/history": () => jsonResponse(200, { sessions: [session()] }),
        [`GET /api/audits/${auditId}`]: () => jsonResponse(200, detail()),
        [`PATCH /api/audits/${auditId}/suggestions/${suggestions[0]!.id}`]: (request) => {
          suggestions = [{ ...suggestions[0]!, ...(request.body as object) }, suggestions[1]!];
          return jsonResponse(200, { suggestion: suggestions[0] });
        },
        [`PATCH /api/audits/${auditId}/suggestions/${suggestions[1]!.id}`]: (request) => {
          suggestions = [suggestions[0]!, { ...suggestions[1]!, ...(request.body as object) }];
          return jsonResponse(200, { suggestion: suggestions[1] });
        },
        [`POST /api/audits/${auditId}/apply`]: () => {
          suggestions = [{ ...suggestions[0]!, status: "applied" }, suggestions[1]!];
          return jsonResponse(200, { applied: 1, failed: 0, unconfirmed: 0, stillApplying: 0 });
        },
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/audit");
    await openFromHistory(user, "View Results");

    const cards = await screen.findAllByRole("article");
    const [sale, vague] = cards as [HTMLElement, HTMLElement];
    // The review names the property by its display name, its number only beside it.
    expect(
      await screen.findByText("2 annotations reviewed in wingtiptoys.com"),
    ).toBeInTheDocument();
    expect(screen.getByText("· 123")).toBeInTheDocument();
    // Each card says which day its annotation is on, and a new category is said to be made.
    expect(within(sale).getByText("2026-03-02")).toBeInTheDocument();
    expect(vague).toHaveTextContent("2026-03-04 – 2026-03-06");
    expect(sale).toHaveTextContent("Campaigns & Promos (new: made when you apply)");

    await user.click(within(vague).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(within(vague).getByRole("button", { name: "Rejected" })).toHaveAttribute(
        "aria-pressed",
        "true",
      ),
    );
    await user.click(within(sale).getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(within(sale).getByRole("button", { name: "Accepted" })).toHaveAttribute(
        "aria-pressed",
        "true",
      ),
    );
    expect(screen.getByText("1 accepted · 1 rejected")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Apply 1 change" }));
    const confirm = within(await screen.findByRole("dialog"));
    await user.click(confirm.getByRole("button", { name: "Apply 1 change" }));
    expect(await findToast()).toHaveTextContent("1 change applied to GA4.");
    expect(await screen.findByText("1 applied · 1 rejected")).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([
      { status: "rejected" },
      { status: "accepted" },
    ]);
  });

  it("says why in the person's words once they edit a suggestion", async () => {
    const edited = suggestion({ modifiedTitle: "CAMPAIGN · Spring sale, AU only" });
    stubApi(
      routes({
        "GET /api/audits/history": () => jsonResponse(200, { sessions: [session()] }),
        [`GET /api/audits/${auditId}`]: () =>
          jsonResponse(200, { session: session(), suggestions: [edited] }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/audit");
    await openFromHistory(user, "View Results");
    const card = await screen.findByRole("article");
    expect(card).toHaveTextContent(
      "Why: you edited the title; your wording is what will be applied.",
    );
    expect(card).toHaveTextContent(`The audit had suggested it because: ${edited.aiReasoning}`);
  });
});

describe("/audit past audits", () => {
  it("names the property, counts what was applied, and reopens a running audit's progress", async () => {
    const running = session({
      status: "in_progress",
      processedAnnotations: 1,
      lastStep: "Reviewing 1–1 of 2",
      appliedCount: 0,
      suggestionCount: 0,
    });
    stubApi(
      routes({
        "GET /api/audits/history": () =>
          jsonResponse(200, {
            sessions: [
              running,
              session({
                id: "b0000000-0000-4000-8000-000000000002",
                appliedCount: 4,
                suggestionCount: 8,
              }),
            ],
          }),
        [`GET /api/audits/${auditId}`]: () =>
          jsonResponse(200, { session: running, suggestions: [] }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/audit");
    await user.click(await screen.findByRole("tab", { name: "Past Audits" }));
    const rows = await screen.findAllByRole("listitem");
    expect(rows[0]).toHaveTextContent(
      "wingtiptoys.com · 2 annotations · 0 suggestions · 0 applied",
    );
    expect(rows[1]).toHaveTextContent("8 suggestions · 4 applied");
    // When it ran, on the property's clock (10:00 UTC is 21:00 in Sydney), the zone named.
    expect(rows[1]).toHaveTextContent("2026-11-20 21:00 GMT+11");
    await user.click(within(rows[0]!).getByRole("button", { name: /^View Progress/ }));
    expect(await screen.findByRole("progressbar", { name: "Audit progress" })).toBeInTheDocument();
    expect(screen.getByText("Reviewing 1–1 of 2")).toBeInTheDocument();
  });

  it("reopens a failed audit's failure, with Try Again", async () => {
    const failed = session({
      status: "failed",
      lastStep: "Reading annotations",
      errorMessage: "Reconnect Google Analytics and try again.",
    });
    stubApi(
      routes({
        "GET /api/audits/history": () => jsonResponse(200, { sessions: [failed] }),
        [`GET /api/audits/${auditId}`]: () =>
          jsonResponse(200, { session: failed, suggestions: [] }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/audit");
    await openFromHistory(user, "View Failure");
    expect(await screen.findByRole("heading", { name: "The audit failed" })).toBeInTheDocument();
    expect(screen.getByText("Reconnect Google Analytics and try again.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("button", { name: "Start AI Audit" })).toBeInTheDocument();
  });
});

describe("/audit start", () => {
  it("ends a failed start in the failed view with Try Again, asking nothing more until then", async () => {
    let started = false;
    let starts = 0;
    const created = session({
      status: "pending",
      started: false,
      lastStep: null,
      totalAnnotations: 0,
    });
    const { requests } = stubApi(
      routes({
        "POST /api/audits": () => jsonResponse(201, { session: created }),
        [`POST /api/audits/${auditId}/start`]: () => {
          starts += 1;
          if (starts === 1)
            return errorResponse(503, {
              code: "google_unavailable",
              error: "Google Analytics is not answering. Try again in a minute.",
            });
          started = true;
          return jsonResponse(202, { session: { ...created, started: true } });
        },
        [`GET /api/audits/${auditId}`]: () =>
          jsonResponse(200, {
            session: started
              ? {
                  ...created,
                  status: "in_progress",
                  started: true,
                  lastStep: "Reading annotations",
                }
              : created,
            suggestions: [],
          }),
      }),
    );
    const consoleError = vi.spyOn(console, "error");
    const user = userEvent.setup();
    renderAppAt("/audit");
    await screen.findByRole("option", { name: "wingtiptoys.com (123)" });
    await user.selectOptions(screen.getByLabelText("GA4 property"), "123");
    await user.click(screen.getByRole("button", { name: "Start AI Audit" }));

    expect(
      await screen.findByRole("heading", { name: "The audit did not start" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Google Analytics is not answering. Try again in a minute.",
    );
    // Not polled while it cannot change: one read of the audit, then none until Try Again.
    const reads = () => requests.filter((r) => r.path === `/api/audits/${auditId}`).length;
    const before = reads();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(reads()).toBe(before);
    expect(consoleError).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("progressbar", { name: "Audit progress" })).toBeInTheDocument();
    expect(starts).toBe(2);
  }, 15_000);
});
