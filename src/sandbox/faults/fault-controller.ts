import { createRandom, seedFromText } from "../seeded-random.js";
import {
  faultRuleInputSchema,
  type FailureKind,
  type FaultRuleInput,
  type FaultRuleView,
} from "./fault-rules.js";

export interface FaultDecision {
  latencyMs: number;
  failure: FailureKind | undefined;
  /** The failing rule's `Retry-After`, when it sets one. */
  retryAfterSeconds?: number;
}

const noFault: FaultDecision = { latencyMs: 0, failure: undefined };

interface ActiveRule extends FaultRuleView {
  matcher: RegExp;
  random: () => number;
}

/** Per-method request counters and the injected faults, both keyed by counter ids. */
export class FaultController {
  private rules: ActiveRule[] = [];
  private readonly counters = new Map<string, number>();
  private nextId = 1;

  constructor(initialRules: readonly FaultRuleInput[] = []) {
    for (const rule of initialRules) this.add(rule);
  }

  count(methodId: string): void {
    this.counters.set(methodId, (this.counters.get(methodId) ?? 0) + 1);
  }

  counterSnapshot(): { counters: Record<string, number>; total: number } {
    const counters = Object.fromEntries([...this.counters].sort(([a], [b]) => a.localeCompare(b)));
    let total = 0;
    for (const value of this.counters.values()) total += value;
    return { counters, total };
  }

  resetCounters(): void {
    this.counters.clear();
  }

  /** Validates and adds a rule; throws a ZodError on bad input. */
  add(input: FaultRuleInput): FaultRuleView {
    const settings = faultRuleInputSchema.parse(input);
    const id = `fault-${this.nextId++}`;
    const rule: ActiveRule = {
      ...settings,
      id,
      matched: 0,
      fired: 0,
      matcher: globToRegExp(settings.method),
      random: createRandom(settings.seed ?? seedFromText(id)),
    };
    this.rules.push(rule);
    return view(rule);
  }

  list(): FaultRuleView[] {
    return this.rules.map(view);
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length !== before;
  }

  clear(): void {
    this.rules = [];
  }

  /** Which faults apply to this request; updates the rules' bookkeeping. */
  decide(methodId: string): FaultDecision {
    if (this.rules.length === 0) return noFault;
    let latencyMs = 0;
    let failure: FailureKind | undefined;
    let retryAfterSeconds: number | undefined;
    for (const rule of this.rules) {
      if (!rule.matcher.test(methodId)) continue;
      if (rule.kind !== "latency" && failure) continue;
      rule.matched += 1;
      if (rule.matched <= rule.skip) continue;
      if (rule.times !== undefined && rule.fired >= rule.times) continue;
      if (rule.probability < 1 && rule.random() >= rule.probability) continue;
      rule.fired += 1;
      if (rule.kind === "latency") latencyMs += rule.latencyMs ?? 0;
      else {
        failure = rule.kind;
        retryAfterSeconds = rule.retryAfterSeconds;
      }
    }
    if (latencyMs === 0 && !failure) return noFault;
    return retryAfterSeconds === undefined
      ? { latencyMs, failure }
      : { latencyMs, failure, retryAfterSeconds };
  }
}

function view(rule: ActiveRule): FaultRuleView {
  const { matcher: _matcher, random: _random, ...rest } = rule;
  return { ...rest };
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`);
}
