import { describe, expect, it } from "vitest";
import type { StoredDelivery } from "../suggestions-repository.js";
import { createReleaseWebhookSource } from "./release-webhook-source.js";
import type { SourceRun } from "./source.js";

const run: SourceRun = {
  propertyId: "123",
  reader: null,
  now: new Date("2026-07-10T12:00:00Z"),
  earliest: { year: 2026, month: 4, day: 11 },
};

function delivery(seq: number): StoredDelivery {
  return {
    seq,
    hookId: "hook-1",
    propertyId: "123",
    deliveryId: `d-${seq}`,
    itemKey: `release:acme/shop:${seq}`,
    title: `v1.${seq}`,
    description: "",
    day: "2026-07-09",
    receivedAt: new Date(),
  };
}

describe("the release webhook source", () => {
  const stored = Array.from({ length: 260 }, (_, index) => delivery(index + 1));
  const asked: number[] = [];
  const source = createReleaseWebhookSource({
    deliveries: {
      deliveriesAfter: async (_propertyId, seq, limit) => {
        asked.push(seq);
        return stored.filter((row) => row.seq > seq).slice(0, limit);
      },
    },
  });

  it("reads stored deliveries in pages from its cursor, looking a little way back", async () => {
    const first = await source.fetchSince(run, null);
    expect(first.suggestions).toHaveLength(200);
    expect(first.suggestions[0]).toMatchObject({
      itemKey: "release:acme/shop:1",
      annotationDate: { year: 2026, month: 7, day: 9 },
      origin: "hook-1",
    });
    expect(first).toMatchObject({ cursor: "200", more: true });
    const second = await source.fetchSince(run, first.cursor);
    // From 50 rows back, so a delivery committed late behind the cursor is not missed.
    expect(asked.at(-1)).toBe(150);
    expect(second).toMatchObject({ cursor: "260", more: false });
    const third = await source.fetchSince(run, second.cursor);
    expect(third.cursor).toBe("260");
    expect(third.more).toBe(false);
  });
});
