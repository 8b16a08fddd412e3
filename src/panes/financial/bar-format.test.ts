import { describe, expect, it } from 'vitest';
import { volumeFormat } from './bar-format';

describe('volumeFormat', () => {
  it('writes two decimals on every compact volume, so a column lines up', () => {
    expect([3.5e9, 3.21e9, 1_250_000, 2_000, 12_340].map(volumeFormat.format)).toEqual([
      '3.50B',
      '3.21B',
      '1.25M',
      '2.00K',
      '12.34K',
    ]);
  });

  it('writes volumes below a thousand as whole numbers', () => {
    expect([0, 7, 950, 999.4].map(volumeFormat.format)).toEqual(['0', '7', '950', '999']);
    expect([999.6, 1000].map(volumeFormat.format)).toEqual(['1,000', '1.00K']);
  });
});
