/**
 * The chained-update limit of docs/reference-constants.md: an update that triggers updates (linked panes echoing
 * each other) stops after the 4th, with a console warning, never an error.
 */
export const MAX_CHAINED_UPDATES = 4;

/**
 * The hop count for an update caused by an update `hop` hops from the user's own action, or null
 * when that would exceed the limit (and then it warns).
 */
export function nextHop(
  hop: number,
  what: string,
  warn: (message: string) => void = console.warn,
): number | null {
  const next = hop + 1;
  if (next > MAX_CHAINED_UPDATES) {
    warn(`Chained update limit reached: ${what} stopped after ${MAX_CHAINED_UPDATES} chained updates.`);
    return null;
  }
  return next;
}
