import { describe, expect, it } from "vitest";
import { rankCauses, type CauseCandidate } from "./rank-causes.js";

const change = { startDate: "2026-11-17", endDate: "2026-11-17", direction: "up" as const };

const candidates: CauseCandidate[] = [
  {
    kind: "holiday",
    id: "h",
    title: "Thanksgiving",
    startDate: "2026-11-26",
    endDate: "2026-11-26",
  },
  {
    kind: "change-history",
    id: "c",
    title: "Key event changed",
    detail: "key event “purchase” was created",
    startDate: "2026-11-16",
    endDate: "2026-11-16",
  },
  {
    kind: "release",
    id: "r",
    title: "Release 2.4",
    startDate: "2026-11-17",
    endDate: "2026-11-17",
  },
  {
    kind: "annotation",
    id: "a",
    title: "Autumn campaign",
    startDate: "2026-11-01",
    endDate: "2026-11-30",
    color: "GREEN",
  },
];

describe("rankCauses", () => {
  it("puts what began that day first, then what began just before, then what was already on", () => {
    const ranked = rankCauses(change, candidates);
    expect(ranked.map((cause) => cause.id)).toEqual(["r", "c", "a"]);
    expect(ranked[0]!.why).toBe("A release; it happened the day the change began.");
    expect(ranked[1]!.why).toBe(
      "A GA4 setting changed: key event “purchase” was created; it happened 1 day before the change began.",
    );
    expect(ranked[2]!.why).toBe(
      "An annotation; it began 16 days before the change and was still on.",
    );
  });

  it("never names what began well after the change, and says an incident fits a drop", () => {
    const incident: CauseCandidate = {
      kind: "annotation",
      id: "i",
      title: "Checkout outage",
      startDate: "2026-11-17",
      endDate: "2026-11-18",
      color: "RED",
    };
    const down = rankCauses({ ...change, direction: "down" }, [...candidates, incident]);
    expect(down[0]!.id).toBe("i");
    expect(down[0]!.why).toContain("An incident fits a drop.");
    const up = rankCauses(change, [...candidates, incident]);
    expect(up[0]!.id).toBe("r");
    expect(up.map((cause) => cause.id)).not.toContain("h");
  });

  it("has nothing to say when nothing on record fits", () => {
    expect(rankCauses(change, [candidates[0]!])).toEqual([]);
  });
});
