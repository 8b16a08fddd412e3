import { describe, expect, it } from 'vitest';
import { exportCaption, fileSlug } from './export-caption';

describe('export captions', () => {
  it('say title, interval, zone and time; a pane without time has no interval', () => {
    expect(
      exportCaption({ title: 'SPX · Candlestick', interval: '5m', zone: 'New York', at: '2026-11-25 10:58' }),
    ).toBe('SPX · Candlestick · 5m · New York time · exported 2026-11-25 10:58');
    expect(exportCaption({ title: 'W', interval: null, zone: 'local time', at: 'x' })).toBe(
      'W · local time · exported x',
    );
    expect(exportCaption({ title: 'Sectors · Donut', interval: null, zone: 'UTC', at: 'x' })).toBe(
      'Sectors · Donut · UTC time · exported x',
    );
  });

  it('make safe file names', () => {
    expect(fileSlug('SPX · Candlestick')).toBe('spx-candlestick');
    expect(fileSlug('BRK.B/USD · Line (1h)')).toBe('brk-b-usd-line-1h');
    expect(fileSlug('···')).toBe('pane');
  });
});
