import { describe, expect, it } from "vitest";
import { anAnnotation } from "../../../test/annotation-fixtures.js";
import {
  annotation,
  annotationCreateExtras,
  annotationExtras,
  annotationSources,
} from "./annotations.js";

describe("the annotation record", () => {
  it("is Google's fields and Tidemark's extras, each extra declared once", () => {
    const extras = Object.keys(annotationExtras.shape);
    expect(extras.sort()).toEqual(["categoryId", "dateAdded", "source"]);
    expect(Object.keys(annotation.shape)).toEqual(expect.arrayContaining(extras));
    expect(Object.keys(annotationCreateExtras.shape).sort()).toEqual(["categoryId", "source"]);
  });

  it("accepts every source, or none for one made before sources were kept, and nothing else", () => {
    for (const source of [...annotationSources, null]) {
      expect(
        annotationExtras.safeParse({ categoryId: null, source, dateAdded: null }).success,
        String(source),
      ).toBe(true);
    }
    expect(
      annotationExtras.safeParse({ categoryId: null, source: "fax", dateAdded: null }).success,
    ).toBe(false);
    expect(
      annotationExtras.safeParse({ categoryId: "not-an-id", source: null, dateAdded: null })
        .success,
    ).toBe(false);
    expect(
      annotationExtras.safeParse({ categoryId: null, source: null, dateAdded: "yesterday" })
        .success,
    ).toBe(false);
  });

  it("describes what the test factory builds", () => {
    expect(annotation.safeParse(anAnnotation()).success).toBe(true);
    expect(
      annotation.safeParse(
        anAnnotation({
          source: "assistant",
          categoryId: "8f6c2a51-1f4e-4b7a-9c1d-2e3f4a5b6c7d",
          dateAdded: "2026-11-21T10:00:00.000Z",
        }),
      ).success,
    ).toBe(true);
  });
});
