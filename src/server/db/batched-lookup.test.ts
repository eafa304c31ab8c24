import { describe, expect, it } from "vitest";
import { batchedLookup, batchedPairLookup } from "./batched-lookup.js";

/** A loader over a fixed table that records every batch it is asked for. */
function recordingLoader(table: Record<string, number>) {
  const batches: string[][] = [];
  const load = async (keys: string[]) => {
    batches.push(keys);
    return new Map(keys.filter((key) => key in table).map((key) => [key, table[key]!] as const));
  };
  return { batches, load };
}

describe("batchedLookup", () => {
  it("answers lookups made in the same turn with one load of the distinct keys", async () => {
    const { batches, load } = recordingLoader({ a: 1, b: 2 });
    const lookup = batchedLookup(load);
    const results = await Promise.all([
      lookup.one("a"),
      lookup.one("b"),
      lookup.one("a"),
      lookup.one("missing"),
    ]);
    expect(results).toEqual([1, 2, 1, undefined]);
    expect(batches).toEqual([["a", "b", "missing"]]);
  });

  it("shares a batch between callbacks of the same turn, as requests on different sockets are", async () => {
    const { batches, load } = recordingLoader({ a: 1, b: 2 });
    const lookup = batchedLookup(load);
    const first = new Promise((resolve) => setImmediate(() => resolve(lookup.one("a"))));
    const second = new Promise((resolve) => setImmediate(() => resolve(lookup.one("b"))));
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    expect(batches).toEqual([["a", "b"]]);
  });

  it("starts a new batch in a later turn", async () => {
    const { batches, load } = recordingLoader({ a: 1 });
    const lookup = batchedLookup(load);
    await lookup.one("a");
    await lookup.one("a");
    expect(batches).toEqual([["a"], ["a"]]);
  });

  it("never puts more than maxBatch keys in one load", async () => {
    const { batches, load } = recordingLoader({ a: 1, b: 2, c: 3, d: 4, e: 5 });
    const lookup = batchedLookup(load, { maxBatch: 2 });
    await expect(Promise.all(["a", "b", "c", "d", "e"].map(lookup.one))).resolves.toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(batches).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });

  it("runs at most maxInFlight loads at once; keys asked for meanwhile share the next load", async () => {
    const batches: string[][] = [];
    const releases: (() => void)[] = [];
    const lookup = batchedLookup(
      async (keys) => {
        batches.push(keys);
        await new Promise<void>((release) => releases.push(release));
        return new Map(keys.map((key) => [key, key.toUpperCase()]));
      },
      { maxInFlight: 1 },
    );
    const first = lookup.one("a");
    await new Promise((resolve) => setImmediate(resolve));
    const waiting = ["b", "c", "b"].map(lookup.one);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([["a"]]);
    releases.shift()!();
    await expect(first).resolves.toBe("A");
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([["a"], ["b", "c"]]);
    releases.shift()!();
    await expect(Promise.all(waiting)).resolves.toEqual(["B", "C", "B"]);
  });

  it("looks up many keys at once and returns only those found", async () => {
    const { batches, load } = recordingLoader({ a: 1, c: 3 });
    const lookup = batchedLookup(load);
    const [found, single] = await Promise.all([lookup.many(["a", "b", "c", "a"]), lookup.one("c")]);
    expect([...found]).toEqual([
      ["a", 1],
      ["c", 3],
    ]);
    expect(single).toBe(3);
    expect(batches).toEqual([["a", "b", "c"]]);
  });

  it("rejects every lookup of a batch whose load fails, and recovers in the next one", async () => {
    let fail = true;
    const lookup = batchedLookup(async (keys) => {
      if (fail) throw new Error("database unavailable");
      return new Map(keys.map((key) => [key, key.length]));
    });
    const outcomes = await Promise.allSettled([lookup.one("a"), lookup.one("bb")]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    await expect(lookup.one("bb")).resolves.toBe(2);
  });
});

describe("batchedPairLookup", () => {
  const rows = [
    { user: "u1", property: "p1", name: "Shop" },
    { user: "u1", property: "p2", name: "Blog" },
    { user: "u2", property: "p2", name: "Blog (Grace)" },
  ];

  it("loads the distinct halves once and answers each pair with its own row only", async () => {
    const loads: [string[], string[]][] = [];
    const lookup = batchedPairLookup({
      load: async (users: string[], properties: string[]) => {
        loads.push([users, properties]);
        return rows.filter((row) => users.includes(row.user) && properties.includes(row.property));
      },
      pairOf: (row) => [row.user, row.property],
      valueOf: (row) => row.name,
    });
    const answers = await Promise.all([
      lookup.one("u1", "p1"),
      lookup.one("u2", "p2"),
      lookup.one("u2", "p1"),
      lookup.one("u1", "p1"),
    ]);
    expect(answers).toEqual(["Shop", "Blog (Grace)", undefined, "Shop"]);
    expect(loads).toEqual([
      [
        ["u1", "u2"],
        ["p1", "p2"],
      ],
    ]);
  });

  it("answers many second ids of one first id by second id", async () => {
    const lookup = batchedPairLookup({
      load: async (users: string[], properties: string[]) =>
        rows.filter((row) => users.includes(row.user) && properties.includes(row.property)),
      pairOf: (row) => [row.user, row.property],
      valueOf: (row) => row.name,
    });
    const found = await lookup.many("u1", ["p1", "p2", "p3"]);
    expect([...found]).toEqual([
      ["p1", "Shop"],
      ["p2", "Blog"],
    ]);
  });
});
