type Outcome<V> = { ok: true; value: V | undefined } | { ok: false; error: unknown };
type Waiter<V> = (outcome: Outcome<V>) => void;
type Batch<V> = Map<string, Waiter<V>[]>;

export interface BatchedLookup<V> {
  /** The value for one key, or undefined when there is none. */
  one(key: string): Promise<V | undefined>;
  /** The values found for several keys (missing keys are absent from the map). */
  many(keys: readonly string[]): Promise<Map<string, V>>;
}

/**
 * Coalesces lookups by key into few queries. Under load many requests reach the same lookup
 * (their session, their property) at nearly the same moment; answering them with one round trip
 * instead of one each is most of what a busy instance would otherwise spend on the database.
 *
 * Keys asked for during one turn of the event loop share a batch. At most `maxInFlight` batches
 * run at once; keys arriving meanwhile wait for the next one, so batches grow with the load
 * instead of the number of queries. Alone, a lookup waits only for the end of the current turn.
 *
 * `loadMany` receives distinct keys (at most `maxBatch`) and returns what it found by key. A
 * failure rejects every lookup of that batch.
 */
export function batchedLookup<V>(
  loadMany: (keys: string[]) => Promise<Map<string, V>>,
  options: { maxBatch?: number; maxInFlight?: number } = {},
): BatchedLookup<V> {
  const maxBatch = options.maxBatch ?? 200;
  const maxInFlight = options.maxInFlight ?? 2;
  const full: Batch<V>[] = [];
  let open: Batch<V> | null = null;
  let scheduled = false;
  let inFlight = 0;

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // setImmediate runs after every I/O callback of this turn, so requests read from different
    // sockets in the same turn share one batch.
    setImmediate(pump);
  }

  function pump() {
    scheduled = false;
    while (inFlight < maxInFlight) {
      const batch = full.shift() ?? open;
      if (!batch) return;
      if (batch === open) open = null;
      run(batch);
    }
  }

  function run(batch: Batch<V>) {
    inFlight += 1;
    new Promise<Map<string, V>>((resolve) => resolve(loadMany([...batch.keys()])))
      .then(
        (found) => {
          for (const [key, waiters] of batch)
            for (const settle of waiters) settle({ ok: true, value: found.get(key) });
        },
        (error: unknown) => {
          for (const waiters of batch.values())
            for (const settle of waiters) settle({ ok: false, error });
        },
      )
      .finally(() => {
        inFlight -= 1;
        if (open || full.length > 0) schedule();
      });
  }

  function one(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (open && !open.has(key) && open.size >= maxBatch) {
        full.push(open);
        open = null;
      }
      open ??= new Map();
      const settle: Waiter<V> = (outcome) =>
        outcome.ok ? resolve(outcome.value) : reject(outcome.error);
      const waiters = open.get(key);
      if (waiters) waiters.push(settle);
      else open.set(key, [settle]);
      schedule();
    });
  }

  async function many(keys: readonly string[]): Promise<Map<string, V>> {
    const distinct = [...new Set(keys)];
    const values = await Promise.all(distinct.map(one));
    const found = new Map<string, V>();
    distinct.forEach((key, index) => {
      const value = values[index];
      if (value !== undefined) found.set(key, value);
    });
    return found;
  }

  return { one, many };
}

/** A character no id contains, to join the two halves of a pair into one key. */
const pairSeparator = "\u0000";

/**
 * A batched lookup keyed by pairs of ids (user and property, property and annotation). `load`
 * receives the distinct first and second ids of a batch — enough for two `= any` conditions,
 * which plan far more cheaply than matching pairs — and returns rows; each row's own pair says
 * which lookup it answers, so combinations nobody asked for are ignored.
 */
export function batchedPairLookup<Row, V>(options: {
  load: (firsts: string[], seconds: string[]) => Promise<Row[]>;
  pairOf: (row: Row) => readonly [string, string];
  valueOf: (row: Row) => V;
  maxBatch?: number;
}) {
  const lookup = batchedLookup<V>(
    async (keys) => {
      const pairs = keys.map((key) => key.split(pairSeparator) as [string, string]);
      const rows = await options.load(
        [...new Set(pairs.map(([first]) => first))],
        [...new Set(pairs.map(([, second]) => second))],
      );
      return new Map(
        rows.map((row) => [options.pairOf(row).join(pairSeparator), options.valueOf(row)]),
      );
    },
    options.maxBatch === undefined ? {} : { maxBatch: options.maxBatch },
  );
  return {
    one: (first: string, second: string) => lookup.one(`${first}${pairSeparator}${second}`),
    /** The values found for one first id and several second ids, by second id. */
    async many(first: string, seconds: readonly string[]): Promise<Map<string, V>> {
      const found = await lookup.many(seconds.map((second) => `${first}${pairSeparator}${second}`));
      return new Map(
        [...found].map(([key, value]) => [key.slice(key.indexOf(pairSeparator) + 1), value]),
      );
    },
  };
}
