import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIB_LEVELS, fibLevelsOf, withFibLevel } from './drawing-kinds';

describe('Fibonacci levels of a drawing', () => {
  it('are the defaults, all shown, until edited', () => {
    expect(fibLevelsOf({}).map((l) => l.value)).toEqual([0, 0.236, 0.382, 0.5, 0.618, 0.786, 1]);
    expect(fibLevelsOf({}).every((l) => l.visible)).toBe(true);
  });

  it('an edit changes only its level, and a value that is not a number changes nothing', () => {
    const index = fc.integer({ min: 0, max: DEFAULT_FIB_LEVELS.length - 1 });
    const value = fc.oneof(fc.double(), fc.constant(Number.NaN));
    fc.assert(
      fc.property(index, value, fc.option(fc.boolean(), { nil: undefined }), (i, v, visible) => {
        const next = withFibLevel(DEFAULT_FIB_LEVELS, i, {
          value: v,
          ...(visible === undefined ? {} : { visible }),
        });
        expect(next).toHaveLength(DEFAULT_FIB_LEVELS.length);
        next.forEach((level, j) => {
          const before = DEFAULT_FIB_LEVELS[j];
          if (j !== i) expect(level).toBe(before);
          else {
            expect(level.value).toBe(Number.isFinite(v) ? v : before?.value);
            expect(level.visible).toBe(visible ?? before?.visible);
          }
        });
      }),
    );
  });
});
