/**
 * A toolbar kept to one row: while its content is wider than it, its groups fold one after another,
 * in the order given (what is least missed first), and the toolbar's `data-fold` lists the folded
 * ones for its styles to hide or swap. Measured again whenever the toolbar or its content changes
 * size, before the frame is painted; what folds stays reachable elsewhere (the caller's overflow menu).
 */
import { type RefObject, useLayoutEffect } from 'react';

/** The folds to apply to fit: none while everything fits, else the fewest from the front of `order`. */
export function foldsToFit(order: readonly string[], fits: (folded: readonly string[]) => boolean): string[] {
  for (let n = 0; n <= order.length; n++) {
    const folded = order.slice(0, n);
    if (fits(folded)) return folded;
  }
  return [...order];
}

export function useFold(ref: RefObject<HTMLElement | null>, order: readonly string[]): void {
  const key = order.join(' ');
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    const folds = key.split(' ');
    // Each try is measured at once; the sizes the observer sees are those of the last one, so the
    // folding it causes calls back only when that differs from what it reported before.
    const refit = (): void => {
      foldsToFit(folds, (folded) => {
        row.dataset.fold = folded.join(' ');
        return row.scrollWidth <= row.clientWidth;
      });
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(row);
    for (const child of row.children) observer.observe(child);
    return () => observer.disconnect();
  });
}
