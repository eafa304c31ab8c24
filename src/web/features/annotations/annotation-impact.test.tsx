import "../../test-support/setup-dom-tests";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnnotationImpact } from "../../../shared/contracts/impact";
import { createQueryClient } from "../../lib/query-client";
import { jsonResponse, makeUser, signedInAs, stubApi } from "../../test-support/fake-api";
import { AnnotationImpactSummary } from "./annotation-impact";

const measured: AnnotationImpact = {
  annotationId: "7",
  metric: "sessions",
  startDate: "2026-11-20",
  endDate: "2026-11-30",
  estimate: {
    effect: 0.18,
    low: 0.09,
    high: 0.27,
    actual: 11800,
    expected: 10000,
    days: 11,
    historyDays: 112,
    verdict: "up",
    partial: false,
  },
  unavailable: null,
  sharedWith: [{ annotationId: "8", title: "Black Friday" }],
  sentence: "Sessions +18 % while it ran (likely: 90 % interval +9 % to +27 %)",
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSummary() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AnnotationImpactSummary propertyId="123" annotationId="7" />
    </QueryClientProvider>,
  );
}

describe("an annotation's impact", () => {
  it("says the verdict, the days and totals, and what may share the credit", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(makeUser({ subscriptionTier: "premium" })),
      "GET /api/properties/123/impact": () =>
        jsonResponse(200, { metric: "sessions", impacts: [measured] }),
    });
    renderSummary();
    const section = await screen.findByRole("region", { name: "Impact" });
    expect(await within(section).findByText(measured.sentence)).toBeInTheDocument();
    expect(within(section).getByText(/2026-11-20 – 2026-11-30/)).toBeInTheDocument();
    expect(within(section).getByText(/11,800 against about 10,000 expected/)).toBeInTheDocument();
    expect(within(section).getByText(/May share the credit: “Black Friday”/)).toBeInTheDocument();
  });

  it("keeps other metrics to Premium on the free plan", async () => {
    const { requests } = stubApi({
      "GET /api/auth/user": signedInAs(makeUser({ subscriptionTier: "freemium" })),
      "GET /api/properties/123/impact": () =>
        jsonResponse(200, { metric: "sessions", impacts: [measured] }),
    });
    renderSummary();
    const metric = await screen.findByRole("group", { name: "Metric" });
    expect(within(metric).getByRole("button", { name: "Key events" })).toBeDisabled();
    expect(within(metric).getByRole("button", { name: "Sessions" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await userEvent.click(within(metric).getByRole("button", { name: "Key events" }));
    expect(requests.every((r) => !r.path.includes("keyEvents"))).toBe(true);
  });
});
