import { describe, expect, it } from "vitest";
import { createAnnotationRequest } from "../shared/contracts/annotations.js";
import { savePropertyRequest } from "../shared/contracts/properties.js";
import { AppError } from "./app-error.js";
import { parseInput } from "./parse-input.js";

function messageOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("invalid_request");
    return (error as AppError).message;
  }
  throw new Error("parseInput accepted the input");
}

describe("parseInput", () => {
  it.each([[[1, 2]], ["hello"], [42], [true]])(
    "answers a body that is not an object (%j) in words, not zod's",
    (body) => {
      expect(messageOf(() => parseInput(createAnnotationRequest, body))).toBe(
        "The request must be a JSON object",
      );
    },
  );

  it("names the missing property ID instead of an expected type", () => {
    expect(messageOf(() => parseInput(savePropertyRequest, {}))).toBe(
      "Choose a GA4 property: its ID, like 123456789",
    );
    expect(messageOf(() => parseInput(savePropertyRequest, { propertyId: 123 }))).toBe(
      "Choose a GA4 property: its ID, like 123456789",
    );
    expect(messageOf(() => parseInput(savePropertyRequest, { propertyId: "abc" }))).toBe(
      "Property IDs are numbers, like 123456789",
    );
  });

  it("keeps the contract's own message for a field", () => {
    expect(messageOf(() => parseInput(createAnnotationRequest, {}))).toBe("Title must be text");
  });
});

describe("parseInput on a body with several problems", () => {
  it("lists every invalid field at once, the first one in the sentence", () => {
    try {
      parseInput(createAnnotationRequest, {
        title: "",
        annotationDate: "tomorrow",
        color: "plaid",
      });
      throw new Error("parseInput accepted the input");
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const fields = (error as AppError).fields ?? [];
      const paths = fields.map((field) => field.path);
      expect(paths).toEqual(expect.arrayContaining(["title", "annotationDate", "color"]));
      expect((error as AppError).message).toBe(fields[0]!.message);
    }
  });
});
