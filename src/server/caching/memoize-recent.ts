/**
 * Remembers what a pure function returned for its most recent distinct inputs (the oldest is
 * forgotten first), for work that repeats with every request of a signed-in person, such as
 * checking their cookie's signature or opening their sealed access token. `remember` decides
 * which results are worth keeping (for example, not failures an attacker could vary freely).
 */
export function memoizeRecent<R>(
  compute: (input: string) => R,
  options: { size: number; remember?: (result: R) => boolean },
): (input: string) => R {
  const results = new Map<string, R>();
  return (input) => {
    if (results.has(input)) return results.get(input) as R;
    const result = compute(input);
    if (options.remember?.(result) ?? true) {
      if (results.size >= options.size) results.delete(results.keys().next().value!);
      results.set(input, result);
    }
    return result;
  };
}
