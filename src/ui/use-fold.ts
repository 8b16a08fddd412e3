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
  // Once per toolbar, not once per render: a live chart's toolbar renders many times a second, and
  // every measure forces a layout of the page (8 live panes spent 0.4 s in 37 s on it, bench feed-load).
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    const folds = key.split(' ');
    // Each try is measured at once; the sizes the observer sees are those of the last one, so the
    // folding it causes calls back only when that differs from what it reported before.
    const fits = (folded: readonly string[]): boolean => {
      const text = folded.join(' ');
      if (row.dataset.fold !== text) row.dataset.fold = text;
      return row.scrollWidth <= row.clientWidth;
    };
    const refit = (): void => {
      foldsToFit(folds, fits);
    };
    refit();
    const resize = new ResizeObserver(refit);
    resize.observe(row);
    for (const child of row.children) resize.observe(child);
    // Controls that come and go (a compare's chip, a feed's status) change what fits as they do.
    const children = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) if (node instanceof Element) resize.unobserve(node);
        for (const node of record.addedNodes) if (node instanceof Element) resize.observe(node);
      }
      refit();
    });
    children.observe(row, { childList: true });
    return () => {
      resize.disconnect();
      children.disconnect();
    };
  }, [ref, key]);
}
