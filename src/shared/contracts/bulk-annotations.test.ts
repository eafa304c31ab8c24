import { describe, expect, it } from "vitest";
import { bulkAnnotationsRequest, bulkSummary, maxBulkItems } from "./bulk-annotations.js";

const item = { propertyId: "123456789", annotationId: "a1" };
const requestId = "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d";

describe("bulkSummary", () => {
  it("counts what worked and names the failed rows with their reasons", () => {
    expect(bulkSummary({ count: 18, word: "changed" }, [])).toBe("18 changed");
    expect(
      bulkSummary({ count: 18, word: "changed" }, [
        { title: "Spring sale", error: "Google Analytics is busy." },
        { title: "Launch", error: "This annotation no longer exists in Google Analytics." },
      ]),
    ).toBe(
      "18 changed, 2 failed: “Spring sale” (Google Analytics is busy.); “Launch” (This annotation no longer exists in Google Analytics.)",
    );
  });

  it("counts the rows Google has not confirmed apart from the failed ones", () => {
    expect(bulkSummary({ count: 4, word: "undone" }, [], 2)).toBe("4 undone, 2 not confirmed yet");
    expect(bulkSummary({ count: 4, word: "undone" }, [{ title: "Launch", error: "No." }], 1)).toBe(
      "4 undone, 1 not confirmed yet, 1 failed: “Launch” (No.)",
    );
  });

  it("names three failures and counts the rest", () => {
    const failures = ["A", "B", "C", "D", "E"].map((title) => ({ title, error: "No." }));
    expect(bulkSummary({ count: 1_200, word: "undone" }, failures)).toBe(
      "1,200 undone, 5 failed: “A” (No.); “B” (No.); “C” (No.); and 2 more",
    );
  });
});

describe("bulkAnnotationsRequest", () => {
  it("asks each action for what it needs and nothing else", () => {
    const parse = (body: object) =>
      bulkAnnotationsRequest.safeParse({ requestId, items: [item], ...body });
    expect(parse({ action: "recolor", color: "RED" }).success).toBe(true);
    expect(parse({ action: "recolor" }).success).toBe(false);
    expect(parse({ action: "delete", color: "RED" }).success).toBe(false);
    expect(parse({ action: "set-category", categoryId: requestId }).success).toBe(true);
    expect(parse({ action: "clear-category", categoryId: requestId }).success).toBe(false);
    expect(parse({ action: "delete" }).success).toBe(true);
    expect(
      bulkAnnotationsRequest.safeParse({
        requestId,
        action: "delete",
        items: Array.from({ length: maxBulkItems + 1 }, () => item),
      }).success,
    ).toBe(false);
  });
});
