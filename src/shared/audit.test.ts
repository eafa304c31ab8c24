import { describe, expect, it } from "vitest";
import { describeApplyResult } from "./audit.js";

const result = (counts: Partial<Parameters<typeof describeApplyResult>[0]>) =>
  describeApplyResult({ applied: 0, failed: 0, unconfirmed: 0, stillApplying: 0, ...counts });

describe("describeApplyResult", () => {
  it("counts what was applied and what failed", () => {
    expect(result({ applied: 3 })).toEqual({
      title: "Changes applied",
      description: "3 changes applied to GA4.",
      problem: false,
    });
    expect(result({ applied: 1, failed: 2 })).toEqual({
      title: "Changes applied",
      description: "1 change applied to GA4. 2 failed.",
      problem: true,
    });
    expect(result({}).description).toBe("0 changes applied to GA4.");
  });

  it("says a change Google did not confirm stays accepted, to apply again", () => {
    expect(result({ unconfirmed: 1 })).toEqual({
      title: "Changes applied",
      description: "Google did not confirm 1 change; it stays accepted, so apply again to retry.",
      problem: true,
    });
    expect(result({ applied: 2, unconfirmed: 2 }).description).toBe(
      "2 changes applied to GA4. Google did not confirm 2 changes; they stay accepted, so apply again to retry.",
    );
  });

  it("says how many suggestions another apply is still writing", () => {
    expect(result({ stillApplying: 2 })).toEqual({
      title: "Still applying",
      description: "2 suggestions are still being applied.",
      problem: false,
    });
    expect(result({ applied: 1, stillApplying: 1 }).description).toBe(
      "1 change applied to GA4. 1 suggestion is still being applied.",
    );
  });
});
