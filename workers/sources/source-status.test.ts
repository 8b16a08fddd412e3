import { describe, expect, it } from 'vitest';
import { FakeSource } from './fake-source';
import { SourceWatch } from './source-status';

describe('SourceWatch', () => {
  it('counts answers, names the failure, and tells a flip at once but answers at most once a refresh', async () => {
    let now = 1_000;
    let told = 0;
    const watch = new SourceWatch({ now: () => now, refreshMs: 1_000, onChange: () => told++ });
    const fake = new FakeSource({ AAA: [{ time: 1_700_000_000, price: 1, size: 1 }] });
    const source = watch.watch(fake, 'clickhouse', 5);
    const status = () => watch.statuses(() => ['AAA'])[0];
    expect(status()).toMatchObject({ state: 'waiting', symbols: 0, followed: ['AAA'], pollSeconds: 5 });

    // The count is in the status told with the answer.
    let toldSymbols = -1;
    const watchCount = new SourceWatch({
      now: () => now,
      refreshMs: 1_000,
      onChange: () => {
        toldSymbols = watchCount.statuses(() => [])[0]?.symbols ?? -1;
      },
    });
    await watchCount.watch(fake, 'clickhouse', 5).symbols();
    expect(toldSymbols).toBe(1);
    await source.symbols();
    expect(told).toBe(1);
    expect(status()).toMatchObject({ state: 'answering', symbols: 1, answered: 1, lastAnswerAt: 1_000 });
    // Answers within a refresh of the last post are not told one by one.
    now += 10;
    await source.span('AAA');
    await source.bars('AAA', 60, 0, 2e9);
    expect(told).toBe(1);
    expect(status()?.answered).toBe(3);

    fake.fail = new Error('ClickHouse at http://127.0.0.1:1 does not answer');
    await expect(source.bars('AAA', 60, 0, 2e9)).rejects.toThrow('does not answer');
    expect(told).toBe(2);
    expect(status()).toMatchObject({
      state: 'failing',
      problem: 'ClickHouse at http://127.0.0.1:1 does not answer',
      lastAnswerAt: 1_010,
    });
    await source.span('AAA');
    expect(told).toBe(3);
    expect(status()).toMatchObject({ state: 'answering', problem: null });
  });
});
