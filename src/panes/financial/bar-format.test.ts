import { describe, expect, it } from 'vitest';
import { volumeFormat } from './bar-format';

const format = (decimals?: number) => (volume: number) => volumeFormat.format(volume, decimals);

describe('volumeFormat', () => {
  it('writes two decimals on every compact volume, from a million on, so a column lines up', () => {
    expect([3.5e9, 3.21e9, 1_250_000, 1_000_000].map(format())).toEqual(['3.50B', '3.21B', '1.25M', '1.00M']);
  });

  it('writes smaller volumes in full with thousands separators, whole for shares', () => {
    expect([0, 7, 950, 999.4, 2_000, 12_340, 999_999].map(format())).toEqual([
      '0',
      '7',
      '950',
      '999',
      '2,000',
      '12,340',
      '999,999',
    ]);
  });

  it("writes a coin's volume at its lot step, never rounded to whole coins", () => {
    expect([0.76753, 1.2863600000000002, 0, 1234.5].map(format(5))).toEqual([
      '0.76753',
      '1.28636',
      '0.00000',
      '1,234.50000',
    ]);
  });
});
