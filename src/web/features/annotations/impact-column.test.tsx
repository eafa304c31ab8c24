import "../../test-support/setup-dom-tests";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import type { AnnotationImpact } from "../../../shared/contracts/impact";
import { createQueryClient } from "../../lib/query-client";
import { jsonResponse, stubApi } from "../../test-support/fake-api";
import { AnnotationsTable } from "./annotations-table";
import { ImpactCell } from "./impact-column";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function impactOf(
  annotationId: string,
  effect: number | null,
  verdict: "up" | "down" | "none" = "none",
): AnnotationImpact {
  return {
    annotationId,
    metric: "sessions",
    startDate: "2026-10-01",
    endDate: "2026-10-07",
    estimate:
      effect === null
        ? null
        : {
            effect,
            low: effect - 0.1,
            high: effect + 0.1,
            actual: 1000,
            expected: 1000,
            days: 7,
            historyDays: 112,
            verdict,
            partial: false,
          },
    unavailable: effect === null ? "future" : null,
    sharedWith: [],
    sentence: effect === null ? "It has not happened yet." : `Sentence for ${annotationId}`,
  };
}

const rows = [
  anAnnotation({
    annotationId: "flat",
    title: "Flat",
    annotationDate: { year: 2026, month: 3, day: 1 },
  }),
  anAnnotation({
    annotationId: "drop",
    title: "Outage",
    annotationDate: { year: 2026, month: 4, day: 1 },
  }),
  anAnnotation({
    annotationId: "soon",
    title: "Today's sale",
    annotationDate: { year: 2026, month: 9, day: 1 },
  }),
  anAnnotation({
    annotationId: "rise",
    title: "Launch",
    annotationDate: { year: 2026, month: 2, day: 1 },
  }),
];
const impacts = [
  impactOf("flat", 0.01),
  impactOf("drop", -0.4, "down"),
  impactOf("soon", null),
  impactOf("rise", 0.3, "up"),
];

/** The titles down the table, and each row's Impact cell as it reads. */
function table() {
  const bodyRows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
  return bodyRows.map((row) => within(row).getAllByRole("cell")[1]!.textContent);
}

describe("the Impact column", () => {
  it("shows metric and percentage in the verdict's colour, the sentence on hover, one request", async () => {
    const { requests } = stubApi({
      "GET /api/properties/123/impact": () => jsonResponse(200, { metric: "sessions", impacts }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AnnotationsTable annotations={rows} canEdit canDelete showImpact propertyId="123" />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("columnheader", { name: "Impact" })).toBeInTheDocument();
    const launch = await screen.findByText("Sessions +30 %");
    const cell = launch.closest("[title]")!;
    expect(cell).toHaveAttribute("title", "Sentence for rise");
    expect(cell).toHaveAttribute("data-verdict", "up");
    expect(cell.className).toMatch(/emerald/);
    expect(screen.getByText("Sessions −40 %").closest("[title]")!.className).toMatch(/red/);
    expect(screen.getByText("Sessions +1 %").closest("[title]")).toHaveAttribute(
      "data-verdict",
      "none",
    );
    expect(screen.getByText("Not yet").closest("[title]")).toHaveAttribute(
      "title",
      "It has not happened yet.",
    );
    expect(requests.filter((r) => r.path.endsWith("/impact"))).toHaveLength(1);
  });

  it("sorts largest first, then smallest first, the unmeasured last either way", async () => {
    stubApi({
      "GET /api/properties/123/impact": () => jsonResponse(200, { metric: "sessions", impacts }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AnnotationsTable annotations={rows} canEdit canDelete showImpact propertyId="123" />
      </QueryClientProvider>,
    );
    await screen.findByText("Sessions +30 %");
    const header = screen.getByRole("button", { name: "Impact" });
    await userEvent.click(header);
    expect(screen.getByRole("columnheader", { name: "Impact" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    expect(table()).toEqual(["Launch", "Flat", "Outage", "Today's sale"]);
    expect(screen.getByRole("table")).toHaveAccessibleName("Annotations, by impact, largest first");
    await userEvent.click(header);
    expect(table()).toEqual(["Outage", "Flat", "Launch", "Today's sale"]);
  });

  it("says while it measures, and a dash with why when the figures cannot be read", () => {
    const { rerender } = render(<ImpactCell impact={undefined} pending />);
    expect(screen.getByText("Measuring the impact")).toBeInTheDocument();
    rerender(<ImpactCell impact={undefined} failed />);
    expect(screen.getByText("—")).toHaveAttribute(
      "title",
      "The impact could not be measured right now.",
    );
  });
});
