import { describe, expect, it } from "vitest";
import { runCauseValidation, runImpactValidation, summarise } from "./impact-validation.js";

/**
 * The impact method on effects planted in the sandbox's synthetic traffic, a fixed seeded subset
 * (the longer run is `npm run bench`): estimates within 20 % of the planted effect (median, for
 * effects at least twice the daily noise), 90 % intervals that hold it 85–95 % of the time, and at
 * most one "likely" verdict in ten where nothing was planted.
 */
describe("impact validation on planted effects", () => {
  it("meets its targets on a seeded subset", () => {
    const summary = summarise(runImpactValidation({ seed: 20261206, cases: 400 }));
    process.stdout.write(`impact validation (seeded subset): ${JSON.stringify(summary)}\n`);
    expect(summary.planted).toBeGreaterThanOrEqual(50);
    expect(summary.medianRelativeError).toBeLessThanOrEqual(0.2);
    expect(summary.coverage).toBeGreaterThanOrEqual(0.85);
    expect(summary.coverage).toBeLessThanOrEqual(0.95);
    expect(summary.falseLikely).toBeLessThanOrEqual(0.1);
  });
});

describe("why did it move, on planted effects", () => {
  it("ranks the planted cause first at least four times in five", () => {
    const { cases, firstRate } = runCauseValidation({ seed: 20261206, cases: 200 });
    process.stdout.write(`cause ranking (seeded subset): ${cases} cases, first ${firstRate}\n`);
    expect(cases).toBeGreaterThanOrEqual(150);
    expect(firstRate).toBeGreaterThanOrEqual(0.8);
  });
});
