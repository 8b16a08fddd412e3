/**
 * How long to wait before reconnecting: exponential backoff with "equal jitter" (half the step fixed,
 * half random). The fixed half keeps a flapping server from being hammered at 0 ms; the random half
 * spreads the reconnects of many tabs so they do not arrive together when a server comes back.
 */
export interface BackoffPolicy {
  /** The first retry's step. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
  factor: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 30_000, factor: 2 };

/** The step of retry `attempt` (0 for the first): base * factor^attempt, capped. */
export function backoffCap(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  // Capped before the power overflows to Infinity at large attempts.
  const exponent = Math.min(Math.max(0, attempt), 64);
  return Math.min(policy.maxMs, policy.baseMs * policy.factor ** exponent);
}

/** The wait before retry `attempt`: within [cap / 2, cap], `random()` in [0, 1) choosing where. */
export function backoffDelay(
  attempt: number,
  random: () => number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): number {
  const cap = backoffCap(attempt, policy);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(cap / 2 + (cap / 2) * r);
}
