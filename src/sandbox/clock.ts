/** The sandbox's notion of now. Tests move it forward through the control endpoint to expire codes and tokens. */
export interface Clock {
  now(): number;
  advance(ms: number): void;
  readonly offsetMs: number;
  reset(): void;
}

export function createClock(source: () => number = Date.now): Clock {
  let offsetMs = 0;
  return {
    now: () => source() + offsetMs,
    advance(ms) {
      offsetMs += ms;
    },
    get offsetMs() {
      return offsetMs;
    },
    reset() {
      offsetMs = 0;
    },
  };
}
