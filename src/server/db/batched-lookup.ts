type Outcome<V> = { ok: true; value: V | undefined } | { ok: false; error: unknown };
type Waiter<V> = (outcome: Outcome<V>) => void;

export interface BatchedLookup<V> {
  /** The value for one key, or undefined when there is none. */
  one(key: string): Promise<V | undefined>;
  /** The values found for several keys (missing keys are absent from the map). */
  many(keys: readonly string[]): Promise<Map<string, V>>;
}

/**
 * Coalesces lookups by key that requests make during one turn of the event loop into a single
 * query. Under load many requests reach the same lookup (their session, their property) within
 * one turn; answering them with one round trip instead of one each is most of what a busy
 * instance would otherwise spend on the database. Alone, a lookup waits only for the end of the
 * current turn.
 *
 * `loadMany` receives distinct keys (at most `maxBatch`) and returns what it found by key. A
 * failure rejects every lookup of that batch.
 */
export function batchedLookup<V>(
  loadMany: (keys: string[]) => Promise<Map<string, V>>,
  options: { maxBatch?: number } = {},
): BatchedLookup<V> {
  const maxBatch = options.maxBatch ?? 200;
  let open: Map<string, Waiter<V>[]> | null = null;

  function flush(batch: Map<string, Waiter<V>[]>) {
    loadMany([...batch.keys()]).then(
      (found) => {
        for (const [key, waiters] of batch) for (const settle of waiters) settle({ ok: true, value: found.get(key) });
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const settle of waiters) settle({ ok: false, error });
      },
    );
  }

  function enqueue(key: string, settle: Waiter<V>) {
    if (!open || open.size >= maxBatch) {
      const batch = new Map<string, Waiter<V>[]>();
      open = batch;
      // setImmediate runs after every I/O callback of this turn, so requests read from different
      // sockets in the same turn share one batch.
      setImmediate(() => {
        if (open === batch) open = null;
        flush(batch);
      });
    }
    const waiters = open.get(key);
    if (waiters) waiters.push(settle);
    else open.set(key, [settle]);
  }

  function one(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      enqueue(key, (outcome) => (outcome.ok ? resolve(outcome.value) : reject(outcome.error)));
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
