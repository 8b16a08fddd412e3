import { describe, expect, it, vi } from 'vitest';
import { MAX_CHAINED_UPDATES, nextHop } from './update-chain';

describe('chained update limit', () => {
  it('lets four chained updates through and stops the fifth with a warning', () => {
    const warn = vi.fn();
    let hop = 0;
    const applied: number[] = [];
    // Two panes echoing each other forever: each applied update triggers the next.
    for (;;) {
      const next = nextHop(hop, 'linked visible range', warn);
      if (next === null) break;
      applied.push(next);
      hop = next;
    }
    expect(applied).toEqual([1, 2, 3, 4]);
    expect(MAX_CHAINED_UPDATES).toBe(4);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/limit reached.*linked visible range.*4/);
  });
});
