import type { Bar } from '../../core/bars/bar-columns';

/** The cross-field rule of a bar that a schema of single fields cannot say: high and low enclose it. */
export type BarLike = Bar;

/** Null for a consistent bar, else what is wrong with it. */
export function checkBar(bar: BarLike): string | null {
  if (bar.high < bar.low) return `high ${bar.high} is below low ${bar.low}`;
  for (const key of ['open', 'close'] as const) {
    if (bar[key] > bar.high || bar[key] < bar.low) return `${key} ${bar[key]} is outside low..high`;
  }
  return null;
}
