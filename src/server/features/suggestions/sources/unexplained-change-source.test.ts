import { describe, expect, it } from "vitest";
import type { User } from "../../../db/schema/index.js";
import type { TrafficChange } from "../../../../shared/contracts/traffic.js";
import type { SourceRun } from "./source.js";
import { createUnexplainedChangeSource } from "./unexplained-change-source.js";

const run: SourceRun = {
  propertyId: "123",
  // The source only needs someone to read for; what it reads comes from the traffic fake.
  reader: { id: "reader" } as User,
  now: new Date("2026-12-02T12:00:00Z"),
  earliest: { year: 2026, month: 11, day: 20 },
};

function change(date: string, direction: TrafficChange["direction"]): TrafficChange {
  const expected = 1000;
  const value = direction === "spike" ? 2400 : 300;
  return { date, value, expected, change: (value - expected) / expected, direction };
}

describe("the unexplained change source", () => {
  const source = createUnexplainedChangeSource({
    traffic: {
      unexplained: async (_reader, _propertyId, { metric, startDate, endDate }) => ({
        metric,
        startDate,
        endDate,
        explainedCount: 0,
        unexplained: [change("2026-11-30", "spike"), change("2026-11-24", "drop")],
      }),
    },
  });

  it("files a rise (Cyber Monday's spike) with campaigns, never as an incident, and a drop with incidents", async () => {
    const { suggestions } = await source.fetchSince(run, null);
    expect(suggestions.map(({ title, categoryPreset }) => ({ title, categoryPreset }))).toEqual([
      { title: "Spike in sessions", categoryPreset: "campaigns" },
      { title: "Drop in sessions", categoryPreset: "incidents" },
    ]);
  });
});
