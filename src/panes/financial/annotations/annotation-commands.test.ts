import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { workspaceCommands } from '../../../commands/workspace-commands';
import { createCommandHarness } from '../../../test/command-harness';
import { candlestickPane, onePaneDocument } from '../../../test/test-documents';
import { annotationCommands } from './annotation-commands';

function setup() {
  const initial = onePaneDocument(candlestickPane('c1'));
  const harness = createCommandHarness(initial, [...annotationCommands(), ...workspaceCommands()]);
  harness.session.setState({ focusedPaneId: 'c1' });
  const only = () => {
    const [annotation] = Object.values(harness.workspace.getDocument().annotations);
    if (!annotation) throw new Error('no annotation');
    return annotation;
  };
  return { initial, only, ...harness };
}

describe('annotation commands', () => {
  it('draw adds an annotation and selects it, as one step that undo removes exactly', () => {
    const { workspace, session, run, only, initial } = setup();
    expect(
      run('draw-annotation', { paneId: 'c1', kind: 'horizontal-line', points: [{ time: 100, price: 42 }] }),
    ).toBe(true);
    const drawn = only();
    expect(drawn).toMatchObject({ paneId: 'c1', kind: 'horizontal-line', price: 42 });
    expect(drawn.time).toBeUndefined();
    expect(session.getState().annotation.selectedId).toBe(drawn.id);
    run('undo');
    expect(workspace.getDocument()).toBe(initial);
  });

  it('a burst of edits with one merge key is one step; a move is one more', () => {
    const { workspace, run, only } = setup();
    run('draw-annotation', { paneId: 'c1', kind: 'cross-line', points: [{ time: 100, price: 42 }] });
    const drawn = workspace.getDocument();
    const { id } = only();
    for (const label of ['S', 'Su', 'Sup', 'Support']) {
      run('update-annotation', { annotationId: id, patch: { label }, mergeKey: `label:${id}` });
    }
    expect(only().label).toBe('Support');
    run('move-annotation', { annotationId: id, place: { time: 200, price: 43 } });
    expect(only()).toMatchObject({ time: 200, price: 43, label: 'Support' });
    run('undo');
    expect(only()).toMatchObject({ time: 100, price: 42, label: 'Support' });
    run('undo');
    expect(workspace.getDocument()).toBe(drawn);
  });

  it('a locked annotation neither moves nor goes; unlocked, delete removes it and deselects', () => {
    const { workspace, session, run, only, availability } = setup();
    run('draw-annotation', { paneId: 'c1', kind: 'vertical-line', points: [{ time: 100, price: 42 }] });
    const { id } = only();
    run('lock-annotation');
    expect(only().locked).toBe(true);
    expect(run('move-annotation', { annotationId: id, place: { time: 5, price: 5 } })).toBe(false);
    expect(availability('delete-annotation', 'c1')).toMatch(/locked/);
    run('unlock-annotation');
    const before = workspace.getDocument();
    expect(run('delete-annotation', {})).toBe(true);
    expect(workspace.getDocument().annotations).toEqual({});
    expect(session.getState().annotation.selectedId).toBeNull();
    run('undo');
    expect(workspace.getDocument()).toBe(before);
  });

  it('undo of any sequence of annotation commands restores the first document exactly, redo the last', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('draw' as const), price: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ kind: fc.constant('move' as const), price: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ kind: fc.constant('label' as const), text: fc.string({ maxLength: 5 }) }),
      fc.record({ kind: fc.constantFrom('lock' as const, 'unlock' as const, 'delete' as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
        const { workspace, run, initial } = setup();
        for (const s of steps) {
          const selected = Object.values(workspace.getDocument().annotations).at(-1);
          if (s.kind === 'draw')
            run('draw-annotation', {
              paneId: 'c1',
              kind: 'cross-line',
              points: [{ time: 100, price: s.price }],
            });
          else if (!selected) continue;
          else if (s.kind === 'move')
            run('move-annotation', { annotationId: selected.id, place: { time: 7, price: s.price } });
          else if (s.kind === 'label')
            run('update-annotation', {
              annotationId: selected.id,
              patch: { label: s.text },
              mergeKey: 'label',
            });
          else if (s.kind === 'delete') run('delete-annotation', {});
          else run(`${s.kind}-annotation`);
        }
        const last = workspace.getDocument();
        // Bounded: a command that could not run would otherwise loop here for ever.
        for (let i = 0; i < 100 && workspace.canUndo(); i++) expect(run('undo')).toBe(true);
        expect(workspace.getDocument()).toBe(initial);
        for (let i = 0; i < 100 && workspace.canRedo(); i++) expect(run('redo')).toBe(true);
        expect(workspace.getDocument()).toBe(last);
      }),
      { numRuns: 150 },
    );
  });
});
