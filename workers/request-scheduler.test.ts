import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createEngine, type FixtureName } from './engine';
import { createRequestScheduler, SUPERSEDED_MESSAGE } from './request-scheduler';

const readFixture = async (name: FixtureName): Promise<string> =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

function setup() {
  const engine = createEngine(readFixture);
  const getBars = vi.spyOn(engine, 'getBars');
  const scheduler = createRequestScheduler(engine, { ready: () => engine.ready() });
  const bars = (id: number, key?: string, maxBars = 100) => ({
    id,
    method: 'getBars',
    args: [{ symbol: 'SPX', maxBars }],
    ...(key === undefined ? {} : { key }),
  });
  return { engine, getBars, scheduler, bars };
}

describe('createRequestScheduler', () => {
  it('skips a keyed request superseded before it started, and answers the newest', async () => {
    const { getBars, scheduler, bars } = setup();
    const [older, newer] = await Promise.all([
      scheduler.receive(bars(1, 'pane-a', 50)),
      scheduler.receive(bars(2, 'pane-a', 70)),
    ]);
    expect(older).toEqual({ id: 1, ok: false, error: { message: SUPERSEDED_MESSAGE, stale: true } });
    expect(newer).toMatchObject({ id: 2, ok: true });
    expect(getBars).toHaveBeenCalledTimes(1);
    expect(getBars).toHaveBeenCalledWith({ symbol: 'SPX', maxBars: 70 });
    expect(scheduler.skipped).toBe(1);
  });

  it('keeps requests of different keys, and unkeyed ones, independent', async () => {
    const { getBars, scheduler, bars } = setup();
    const responses = await Promise.all([
      scheduler.receive(bars(1, 'pane-a')),
      scheduler.receive(bars(2, 'pane-b')),
      scheduler.receive(bars(3)),
      scheduler.receive(bars(4)),
    ]);
    expect(responses.map((r) => r.ok)).toEqual([true, true, true, true]);
    expect(getBars).toHaveBeenCalledTimes(4);
    expect(scheduler.skipped).toBe(0);
  });

  it('answers a keyed request that nothing superseded, also after an earlier one finished', async () => {
    const { scheduler, bars } = setup();
    expect(await scheduler.receive(bars(1, 'pane-a'))).toMatchObject({ id: 1, ok: true });
    expect(await scheduler.receive(bars(2, 'pane-a'))).toMatchObject({ id: 2, ok: true });
  });

  it('still reports malformed keyed requests as errors', async () => {
    const { scheduler } = setup();
    expect(await scheduler.receive({ id: 5, method: 'nope', args: [], key: 'k' })).toEqual({
      id: 5,
      ok: false,
      error: { message: "Unknown method 'nope'" },
    });
  });
});
