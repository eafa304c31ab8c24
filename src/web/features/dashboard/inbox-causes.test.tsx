import "../../test-support/setup-dom-tests";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { ChangeExplanation } from "../../../shared/contracts/impact";
import type { Suggestion, SuggestionListResponse } from "../../../shared/contracts/suggestions";
import { premiumFeatureMessages } from "../../../shared/plans";
import { createQueryClient } from "../../lib/query-client";
import { jsonResponse, makeUser, signedInAs, stubApi } from "../../test-support/fake-api";
import { SelectedPropertyProvider } from "../../session/selected-property";
import { InboxPanel } from "./inbox-panel";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const premium = makeUser({ subscriptionTier: "premium", annotationQuota: 50, propertyQuota: 5 });
const free = makeUser({ subscriptionTier: "freemium" });

function aSuggestion(overrides: Partial<Suggestion>): Suggestion {
  return {
    id: "s1",
    propertyId: "123",
    source: "unexplained-change",
    annotationDate: { year: 2026, month: 11, day: 17 },
    title: "Spike in sessions",
    description: "Sessions on 2026-11-17: +64% against the usual for that weekday.",
    color: "GREEN",
    categoryPreset: "campaigns",
    categoryId: null,
    status: "open",
    annotationId: null,
    decidedHow: null,
    decidedAt: null,
    createdAt: "2026-11-18T06:00:00.000Z",
    ...overrides,
  } as Suggestion;
}

const spike = aSuggestion({ id: "s1" });
const holiday = aSuggestion({
  id: "s2",
  source: "holidays",
  title: "Thanksgiving",
  description: "Public holiday in the United States.",
  annotationDate: { year: 2026, month: 11, day: 26 },
  color: "CYAN",
});

const explained: ChangeExplanation = {
  metric: "sessions",
  startDate: "2026-11-17",
  endDate: "2026-11-17",
  change: { effect: 0.64, low: 0.5, high: 0.78, verdict: "up" },
  causes: [
    {
      kind: "change-history",
      id: "c1",
      title: "Data filter changed",
      detail: "Internal traffic filter: Active → Testing",
      startDate: "2026-11-17",
      endDate: "2026-11-17",
      score: 0.85,
      why: "A GA4 setting changed: Internal traffic filter: Active → Testing; it happened the day the change began.",
    },
    {
      kind: "release",
      id: "c2",
      title: "Release 2.4",
      startDate: "2026-11-16",
      endDate: "2026-11-16",
      score: 0.7,
      why: "A release: happened 1 day before the change began.",
    },
    {
      kind: "annotation",
      id: "c3",
      title: "Newsletter",
      startDate: "2026-11-14",
      endDate: "2026-11-14",
      score: 0.5,
      why: "An annotation: began 3 days before the change and was still on.",
    },
    {
      kind: "holiday",
      id: "c4",
      title: "Fourth in line",
      startDate: "2026-11-12",
      endDate: "2026-11-12",
      score: 0.1,
      why: "A public holiday: ended 2 days before the change.",
    },
  ],
  summary: "…",
};

function renderInbox(user: CurrentUser, explanations: ChangeExplanation[] = [explained]) {
  const inbox: SuggestionListResponse = {
    suggestions: [spike, holiday],
    openCount: 2,
    sources: [],
  } as unknown as SuggestionListResponse;
  const api = stubApi({
    "GET /api/auth/user": signedInAs(user),
    "GET /api/properties/123/suggestions": () => jsonResponse(200, inbox),
    "GET /api/properties/123/explain/days": () => jsonResponse(200, { explanations }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SelectedPropertyProvider ownerId={user.id}>
        <InboxPanel user={user} propertyId="123" />
      </SelectedPropertyProvider>
    </QueryClientProvider>,
  );
  return api;
}

const entry = (title: string) => screen.getByRole("listitem", { name: title });

describe("the inbox's unexplained changes", () => {
  it("show their three likeliest causes with why, the setting that changed, in one request", async () => {
    const { requests } = renderInbox(premium);
    const causes = await within(
      await screen.findByRole("listitem", { name: "Spike in sessions" }),
    ).findByRole("region", { name: "Likely causes" });
    const items = within(causes).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^1\.Data filter changed · GA4 setting changeA GA4 setting changed: Internal traffic filter: Active → Testing; it happened the day the change began\.$/,
      ),
      expect.stringMatching(/^2\.Release 2\.4 · Release.*happened 1 day before/),
      expect.stringMatching(/^3\.Newsletter · Annotation.*3 days before/),
    ]);
    expect(causes).not.toHaveTextContent("Fourth in line");
    // A holiday's entry is no change to explain.
    expect(
      within(entry("Thanksgiving")).queryByRole("region", { name: "Likely causes" }),
    ).toBeNull();
    const asked = requests.filter((r) => r.path.endsWith("/explain/days"));
    expect(asked).toHaveLength(1);
  });

  it("say 'nothing on record' when nothing fits", async () => {
    renderInbox(premium, [{ ...explained, causes: [] }]);
    const causes = await within(
      await screen.findByRole("listitem", { name: "Spike in sessions" }),
    ).findByRole("region", { name: "Likely causes" });
    expect(causes).toHaveTextContent(/Nothing on record fits/);
  });

  it("on the free plan say in a line that this is Premium, and ask nothing", async () => {
    const { requests } = renderInbox(free);
    const item = await screen.findByRole("listitem", { name: "Spike in sessions" });
    expect(item).toHaveTextContent(premiumFeatureMessages.explain);
    expect(within(item).queryByRole("button", { name: /upgrade|premium/i })).toBeNull();
    expect(within(item).queryByRole("link")).toBeNull();
    expect(entry("Thanksgiving")).not.toHaveTextContent(premiumFeatureMessages.explain);
    expect(requests.some((r) => r.path.includes("/explain"))).toBe(false);
  });
});
