import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judge, missingRows, verdictText } from './verdict.mjs';
import { workloads } from './workloads.mjs';

test('a figure over its goal prints FAIL, under it PASS, and one without a goal prints -', () => {
  const goals = { a: { max: 16.7, text: '<= 16.7 ms' }, b: { maxRatio: 2, text: '<= 2x' } };
  const [a, b, c] = judge(goals, [
    { id: 'a', ours: 18, peer: Number.NaN },
    { id: 'b', ours: 3, peer: 2 },
    { id: 'c', ours: 1, peer: 1 },
  ]);
  assert.equal(verdictText(a.pass), 'FAIL');
  assert.equal(verdictText(b.pass), 'PASS');
  assert.equal(b.ratio, 1.5);
  assert.equal(verdictText(c.pass), '-');
  const [over] = judge(goals, [{ id: 'b', ours: 5, peer: 2 }]);
  assert.equal(verdictText(over.pass), 'FAIL');
});

test('a ratio goal without a measured peer fails rather than passes; several goals must all be met', () => {
  const goals = {
    r: { maxRatio: 1.2, text: '<= 1.2x' },
    both: [
      { max: 16.7, text: 'frame' },
      { maxRatio: 1.2, text: '1.2x' },
    ],
  };
  const [noPeer, both, oneMissed] = judge(goals, [
    { id: 'r', ours: 1, peer: Number.NaN },
    { id: 'both', ours: 10, peer: 9 },
    { id: 'both', ours: 10, peer: 5 },
  ]);
  assert.equal(noPeer.pass, false);
  assert.equal(both.pass, true);
  assert.equal(both.goal.text, 'frame and 1.2x');
  assert.equal(oneMissed.pass, false);
});

test('a goal whose figure the page did not send is a FAIL row of its own, and is counted as missing', () => {
  const goals = {
    kept: { max: 2, text: '<= 2 ms' },
    renamed: { max: 2, text: '<= 2 ms' },
    both: [
      { max: 16.7, text: 'frame' },
      { maxRatio: 1.2, text: '1.2x' },
    ],
  };
  const rows = judge(goals, [
    { id: 'kept', ours: 1, peer: Number.NaN },
    { id: 'renamed.p95', ours: 1, peer: Number.NaN },
  ]);
  assert.deepEqual(
    rows.map((r) => [r.id, verdictText(r.pass)]),
    [
      ['kept', 'PASS'],
      ['renamed.p95', '-'],
      ['renamed', 'FAIL'],
      ['both', 'FAIL'],
    ],
  );
  assert.deepEqual(
    missingRows(rows).map((r) => r.id),
    ['renamed', 'both'],
  );
  assert.equal(missingRows(rows)[1].goal.text, 'frame and 1.2x');
  assert.match(missingRows(rows)[0].label, /not reported/);
  assert.deepEqual(
    missingRows(
      judge(goals, [
        { id: 'kept', ours: 1, peer: 1 },
        { id: 'renamed', ours: 1, peer: 1 },
        { id: 'both', ours: 1, peer: 1 },
      ]),
    ),
    [],
  );
});

test('every goal the issues set is declared, so none can be left without a verdict', () => {
  const goals = Object.fromEntries(workloads.map((w) => [w.name, w.goals ?? {}]));
  for (const e of ['1e5', '1e6', '1e7']) {
    assert.ok(goals.aggregation[`m4.full.${e}`], `m4.full.${e}`);
    assert.ok(goals.aggregation[`m4.zoom.${e}`], `m4.zoom.${e}`);
    assert.ok(goals.aggregation[`m4.full.first.${e}`], `m4.full.first.${e}`);
    assert.equal(goals.aggregation[`m4.zoom.request.p95.${e}`]?.max, 1, `m4.zoom.request.p95.${e}`);
  }
  assert.ok(goals.analytic['bubble.10k.frame.p95']);
  assert.ok(goals['csv-import']['import.toReport']);
  assert.ok(goals['financial-1m']['swap.frame.p95']);
  assert.ok(goals['financial-1m']['ttff.cold.vsLwc']);
  assert.ok(goals['financial-1m']['ttff.cold.vsUplot']);
});

test('frame costs are judged at p95 with the frames a user sees: settle frames, paints (issue 45)', () => {
  const goals = Object.fromEntries(workloads.map((w) => [w.name, w.goals ?? {}]));
  const added = Object.keys(goals['drawings-1m']).filter((id) => id.includes('addedMs'));
  assert.deepEqual(added.sort(), ['crosshair.addedMs.p95', 'pan.addedMs.p95', 'zoom.addedMs.p95']);
  assert.deepEqual(
    Object.keys(goals['annotations-1m']).filter((id) => id.includes('addedMs')),
    ['annotations.addedMs.p95'],
  );
  assert.equal(goals['live-1m']['update.paint.p95']?.max, 4);
  assert.equal(goals['live-feed']['update.paint.p95']?.max, 4);
  assert.ok(goals['feed-load']['update.p95']);
  assert.ok(goals['feed-load']['update.paint.p95']);
});

test('a long-task goal fails on any long task: entries start above 50 ms, and one was written as 50', () => {
  for (const workload of workloads) {
    for (const [id, goal] of Object.entries(workload.goals ?? {})) {
      if (!/long/i.test(id)) continue;
      const [row] = judge({ [id]: goal }, [{ id, ours: 50, peer: Number.NaN }]);
      assert.equal(row.pass, false, `${workload.name} ${id}`);
      const [none] = judge({ [id]: goal }, [{ id, ours: 0, peer: Number.NaN }]);
      assert.equal(none.pass, true, `${workload.name} ${id}`);
    }
  }
});

test('the README table is written between its markers from a report, with the run and the verdicts', async () => {
  const { withTable, START, END } = await import('./readme-table.mjs');
  const readme = `# B\n\nintro\n\n${START}\n\nold\n\n${END}\n\nrest\n`;
  const report = {
    date: '2026-11-25T06:00:00.000Z',
    chromium: '142.0',
    cpus: 2,
    cpuModel: 'cpu',
    loadAverage: { before: 0.5, after: 1.5 },
    durationMs: 300_000,
    workloads: [
      {
        name: 'w',
        ok: true,
        metrics: judge({ a: { max: 1, text: '<= 1 ms' } }, [
          { id: 'a', label: 'a | b', includes: 'both: the call', unit: 'ms', ours: 2, peer: 1 },
        ]),
      },
      { name: 'x', ok: false, error: 'boom' },
    ],
  };
  const out = withTable(readme, report);
  assert.ok(out.startsWith('# B\n\nintro\n\n'));
  assert.ok(out.endsWith(`${END}\n\nrest\n`));
  assert.ok(!out.includes('old'));
  assert.match(out, /Goals: 0 PASS, 1 FAIL\./);
  assert.match(
    out,
    /\| w \| a \\\| b \| 2\.00 ms \| 1\.00 ms \| 2\.00x \| <= 1 ms \| FAIL \| both: the call \|/,
  );
  assert.match(out, /\| x \| page failed \|/);
  assert.throws(() => withTable('no markers', report), /lacks the markers/);
});
