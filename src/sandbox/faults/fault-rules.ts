import { z } from "zod";

/**
 * `latency` delays the answer; the error kinds answer instead of the method (nothing is changed);
 * `commit-then-drop` runs the method (it takes effect) and then closes the connection without answering.
 */
export const faultKinds = [
  "latency",
  "resource-exhausted",
  "rate-limit-exceeded",
  "internal",
  "unavailable",
  "commit-then-drop",
] as const;
export type FaultKind = (typeof faultKinds)[number];
export type FailureKind = Exclude<FaultKind, "latency">;

export const faultRuleInputSchema = z
  .strictObject({
    /** Counter id or glob (`*` matches any run of characters), e.g. `analyticsadmin.*`. */
    method: z.string().min(1).max(200).default("*"),
    kind: z.enum(faultKinds),
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    /** On an error kind, the answer's `Retry-After` header in seconds (Google sends one on some 429s). */
    retryAfterSeconds: z.number().int().min(0).max(3_600).optional(),
    /** Fire at most this many times (default: unlimited). */
    times: z.number().int().positive().optional(),
    /** Let this many matching requests through first. */
    skip: z.number().int().min(0).default(0),
    /** Fire on this fraction of matching requests, drawn from a seeded PRNG so runs repeat. */
    probability: z.number().min(0).max(1).default(1),
    seed: z.number().int().optional(),
  })
  .refine((rule) => rule.kind !== "latency" || rule.latencyMs !== undefined, {
    message: "latencyMs is required for latency faults",
    path: ["latencyMs"],
  });

export type FaultRuleInput = z.input<typeof faultRuleInputSchema>;
export type FaultRuleSettings = z.output<typeof faultRuleInputSchema>;

export interface FaultRuleView extends FaultRuleSettings {
  id: string;
  /** Matching requests seen so far. */
  matched: number;
  /** Times it fired. */
  fired: number;
}
