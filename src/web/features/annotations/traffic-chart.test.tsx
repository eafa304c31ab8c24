import "../../test-support/setup-dom-tests";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import type { Annotation } from "../../../shared/contracts/annotations";
import { addDays, type TrafficChange, type TrafficDay } from "../../../shared/contracts/traffic";
import { TrafficChart } from "./traffic-chart";

const days: TrafficDay[] = Array.from({ length: 28 }, (_, index) => ({
  date: addDays("2026-10-26", index),
  value: 1000 + (index % 7) * 50,
}));
days[17] = { date: days[17]!.date, value: 1800 }; // 2026-11-12

const annotation = (overrides: Partial<Annotation>): Annotation =>
  anAnnotation({
    propertyId: "1",
    annotationId: "a",
    title: "Launch",
    annotationDate: { year: 2026, month: 11, day: 2 },
    color: "RED",
    ...overrides,
  });

const launch = annotation({});
const sale = annotation({
  annotationId: "s",
  title: "Autumn sale",
  color: "GREEN",
  annotationDate: { year: 2026, month: 11, day: 3 },
  annotationDateRange: {
    startDate: { year: 2026, month: 11, day: 3 },
    endDate: { year: 2026, month: 11, day: 10 },
  },
});
const system = annotation({
  annotationId: "g",
  title: "Data collection paused",
  color: "ORANGE",
  systemGenerated: true,
  annotationDate: { year: 2026, month: 10, day: 28 },
});
const outside = annotation({
  annotationId: "o",
  title: "Last year",
  annotationDate: { year: 2025, month: 11, day: 2 },
});
const spike: TrafficChange = {
  date: "2026-11-12",
  value: 1800,
  expected: 1150,
  change: 0.48,
  direction: "spike",
};

function renderChart(overrides: Partial<Parameters<typeof TrafficChart>[0]> = {}) {
  const handlers = {
    onOpenAnnotation: vi.fn(),
    onAnnotateChange: vi.fn(),
    onCreateAt: vi.fn(),
  };
  const view = render(
    <TrafficChart
      metric="sessions"
      days={days}
      annotations={[launch, sale, system, outside]}
      unexplained={[spike]}
      width={640}
      {...handlers}
      {...overrides}
    />,
  );
  return { ...handlers, ...view };
}

describe("the traffic chart", () => {
  it("draws each single-day annotation as a vertical line with a flag in its colour and each range as a band", () => {
    const { container } = renderChart();
    const markers = screen.getAllByTestId("annotation-marker");
    expect(markers.map((marker) => marker.getAttribute("data-date"))).toEqual([
      "2026-10-28",
      "2026-11-02",
    ]);
    expect(markers[0]).toHaveAttribute("stroke", "#e37400");
    expect(markers[1]).toHaveAttribute("stroke", "#d93025");
    // Vertical: the same x top to bottom, down the whole plot.
    for (const marker of markers) {
      expect(marker.getAttribute("x1")).toBe(marker.getAttribute("x2"));
      expect(marker).toHaveAttribute("y1", "0");
    }
    const flags = screen.getAllByTestId("annotation-flag");
    expect(flags.map((flag) => flag.getAttribute("fill"))).toEqual(["#e37400", "#d93025"]);
    const bands = screen.getAllByTestId("annotation-band");
    expect(bands).toHaveLength(1);
    expect(bands[0]).toHaveAttribute("fill", "#188038");
    expect(bands[0]).toHaveAttribute("fill-opacity", "0.13");
    // The band spans 2026-11-03 to 2026-11-10: eight days wide.
    const width = Number(bands[0]!.getAttribute("width"));
    const marker = (date: string) =>
      Number(markers.find((m) => m.getAttribute("data-date") === date)?.getAttribute("x1"));
    const step = (marker("2026-11-02") - marker("2026-10-28")) / 5;
    expect(width).toBeCloseTo(step * 8, 0);
    expect(container.querySelector("path.stroke-primary")?.getAttribute("d")).toMatch(/^M/);
  });

  it("shows unexplained changes as hollow markers that start an annotation", async () => {
    const { onAnnotateChange, onOpenAnnotation } = renderChart();
    const hollow = screen.getByTestId("unexplained-marker");
    expect(hollow).toHaveAttribute("data-date", "2026-11-12");
    expect(hollow).toHaveClass("fill-background");
    expect(hollow.querySelector("title")).toHaveTextContent(
      "Sessions on 2026-11-12: +48% vs the usual for a Thursday, not explained by any annotation. Annotate?",
    );
    await userEvent.setup().click(hollow);
    expect(onAnnotateChange).toHaveBeenCalledWith(spike);
    const launchFlag = screen
      .getAllByTestId("annotation-flag")
      .find((flag) => flag.getAttribute("data-date") === "2026-11-02")!;
    await userEvent.setup().click(launchFlag);
    expect(onOpenAnnotation).toHaveBeenCalledWith(launch);
  });

  it("moves between days with the arrow keys and acts on Enter", async () => {
    const { onOpenAnnotation, onAnnotateChange, onCreateAt } = renderChart();
    const user = userEvent.setup();
    const chart = screen.getByRole("img", { name: "Sessions chart" });
    expect(chart).toHaveAccessibleDescription(/Sessions from 2026-10-26 to 2026-11-22/);
    expect(chart).toHaveAccessibleDescription(/highest 1,800 on 2026-11-12/);
    expect(chart).toHaveAccessibleDescription(/3 annotations in range, 1 unexplained change/);

    await user.tab();
    expect(chart).toHaveFocus();
    // Focus starts on the last day.
    expect(screen.getByTestId("traffic-tooltip")).toHaveTextContent("Sun 2026-11-22");
    await user.keyboard("{Enter}");
    expect(onCreateAt).toHaveBeenLastCalledWith("2026-11-22");

    await user.keyboard("{Home}");
    for (let step = 0; step < 7; step += 1) await user.keyboard("{ArrowRight}");
    const tooltip = screen.getByTestId("traffic-tooltip");
    expect(tooltip).toHaveTextContent("Mon 2026-11-02");
    expect(tooltip).toHaveTextContent("Launch");
    expect(tooltip).toHaveTextContent(/[+−]\d+% vs 2026-10-26/);
    expect(screen.getByText(/Mon 2026-11-02: .* sessions/)).toBeInTheDocument();
    await user.keyboard("{Enter}");
    expect(onOpenAnnotation).toHaveBeenLastCalledWith(launch);

    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByTestId("traffic-tooltip")).toHaveTextContent("Autumn sale");
    await user.keyboard("{Enter}");
    expect(onOpenAnnotation).toHaveBeenLastCalledWith(sale);

    await user.keyboard("{PageUp}{ArrowLeft}{ArrowRight}");
    await user.keyboard("{End}{PageDown}{PageDown}{ArrowLeft}{ArrowLeft}{ArrowLeft}");
    expect(screen.getByTestId("traffic-tooltip")).toHaveTextContent("Thu 2026-11-05");
    await user.keyboard("{ArrowRight}".repeat(7));
    // The tooltip quotes the card's change and the week-on-week one, each saying what it is against.
    const unusual = screen.getByTestId("traffic-tooltip");
    expect(unusual).toHaveTextContent("+57% vs 2026-11-05");
    expect(unusual).toHaveTextContent(
      "Sessions on 2026-11-12: +48% vs the usual for a Thursday, not explained by any annotation.",
    );
    await user.keyboard(" ");
    expect(onAnnotateChange).toHaveBeenCalledWith(spike);
  });

  it("opens Create at the day clicked when nothing is on it", () => {
    const { onCreateAt } = renderChart();
    const chart = screen.getByRole("img", { name: "Sessions chart" });
    chart.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 640, height: 240, right: 640, bottom: 240 }) as DOMRect;
    // 48 px margin, then 27 steps over the plot: day 20 (2026-11-15) sits at 48 + 20 × step.
    const step = (640 - 48 - 12) / 27;
    fireEvent.click(chart, { clientX: 48 + 20 * step + 1, clientY: 100 });
    expect(onCreateAt).toHaveBeenCalledWith("2026-11-15");
  });

  it("draws annotations too close to tell apart as one flag with a count", () => {
    const near = [
      launch,
      annotation({ annotationId: "b", title: "Email blast" }),
      annotation({
        annotationId: "c",
        title: "Press mention",
        annotationDate: { year: 2026, month: 11, day: 3 },
      }),
    ];
    // 28 days over 580 px: about 21 px a day, so the same day clusters, the next does not.
    renderChart({ annotations: near });
    expect(screen.getAllByTestId("annotation-marker")).toHaveLength(3);
    const flags = screen.getAllByTestId("annotation-flag");
    expect(flags.map((flag) => flag.getAttribute("data-count"))).toEqual(["2", null]);
    expect(flags[0]).toHaveTextContent("2");
    expect(flags[0]!.querySelector("title")).toHaveTextContent(
      "2 annotations: Launch (2026-11-02); Email blast (2026-11-02)",
    );
  });

  it("writes days as YYYY-MM-DD and, over a year, months as YYYY-MM on the ticks", () => {
    const year = Array.from({ length: 365 }, (_, index) => ({
      date: addDays("2025-11-27", index),
      value: 500 + (index % 7) * 10,
    }));
    const { container } = renderChart({ days: year, unexplained: [], annotations: [] });
    expect(screen.getByRole("img", { name: "Sessions chart" })).toHaveAccessibleDescription(
      /^Sessions from 2025-11-27 to 2026-11-26: /,
    );
    const ticks = [...container.querySelectorAll("svg text")].map((text) => text.textContent);
    // The month ticks, after the value ticks.
    expect(ticks.filter((tick) => /^\d{4}-/.test(tick ?? ""))).toEqual([
      "2026-01",
      "2026-04",
      "2026-07",
      "2026-10",
    ]);
  });

  it.each([640, 360, 840, 1200])(
    "writes each day tick as YYYY-MM-DD, each whole and clear of the next at %i px",
    (width) => {
      const { container } = renderChart({ width });
      const ticks = [...container.querySelectorAll("svg text")].filter((text) =>
        /^\d{4}-/.test(text.textContent ?? ""),
      );
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      const xs = ticks.map((tick) => Number(tick.getAttribute("x")));
      for (const tick of ticks) expect(tick.textContent).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // 66 px a label at 11 px, 10 px between two; the last ends inside the drawing.
      for (let n = 1; n < xs.length; n += 1) expect(xs[n]! - xs[n - 1]!).toBeGreaterThanOrEqual(76);
      expect(48 + xs.at(-1)! + 33).toBeLessThanOrEqual(width);
    },
  );

  it("is drawn taller when no list of changes sits below it", () => {
    const { unmount } = renderChart();
    expect(screen.getByRole("img", { name: "Sessions chart" })).toHaveAttribute("height", "240");
    unmount();
    renderChart({ tall: true });
    expect(screen.getByRole("img", { name: "Sessions chart" })).toHaveAttribute("height", "348");
  });

  it("says when there is nothing to draw", () => {
    renderChart({ days: [], unexplained: [] });
    expect(screen.getByRole("img", { name: "Sessions chart" })).toHaveAccessibleDescription(
      "Sessions: no data for this range.",
    );
  });
});
