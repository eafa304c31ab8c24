import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import type { ChangeRow } from "./annotation-records-repository.js";
import { undoRow, type BulkDeps } from "./bulk-rows.js";

const user = { id: "u1" } as User;
const change = {
  id: "c1",
  propertyId: "123",
  annotationId: "a1",
  before: { title: "Winter sale" },
  after: null,
  undoneBy: null,
} as unknown as ChangeRow;

function depsThrowing(error: unknown) {
  return {
    annotations: { undo: vi.fn().mockRejectedValue(error) },
    records: { undoOf: vi.fn().mockResolvedValue(null) },
    logger: { error: vi.fn() },
  } as unknown as Pick<BulkDeps, "annotations" | "records" | "logger">;
}

describe("a bulk undo's row that did not go through", () => {
  it("is failed only where Google made nothing: a refusal", async () => {
    const refused = new AppError("google_rejected", "Google refused it.");
    const row = await undoRow(depsThrowing(refused), user, "b1", change, "tidemark");
    expect(row).toMatchObject({ status: "failed", code: "google_rejected" });
  });

  it("is unconfirmed when our own step failed after its request may have reached Google", async () => {
    const deps = depsThrowing(new Error("deadlock detected"));
    const row = await undoRow(deps, user, "b1", change, "tidemark");
    expect(row.status).toBe("unconfirmed");
    expect(deps.logger!.error).toHaveBeenCalledOnce();
  });

  it("is unconfirmed when Google's answer was lost", async () => {
    const lost = new AppError("google_unconfirmed", "Not confirmed yet.");
    expect((await undoRow(depsThrowing(lost), user, "b1", change, "tidemark")).status).toBe(
      "unconfirmed",
    );
  });
});
