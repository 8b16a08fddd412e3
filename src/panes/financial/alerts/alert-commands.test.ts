import { describe, expect, it } from 'vitest';
import type { AlertFired } from '../../../../core/protocol';
import { patchSession } from '../../../session/session-store';
import { createDrawing } from '../../../state/annotation-edits';
import type { Annotation, PaneState, PriceAlert, WorkspaceDocument } from '../../../state/workspace-document';
import { createCommandHarness } from '../../../test/command-harness';
import { keepAlertSoundSetting } from '../../../ui/alert-sound';
import { alertCommands } from './alert-commands';

const line = { ...createDrawing('p1', 'horizontal-line', [{ time: 0, price: 94_000 }]), symbol: 'BTCUSDT' };
const note = { ...createDrawing('p1', 'text-note', [{ time: 0, price: 1 }]), symbol: 'BTCUSDT' };

function setup(chart: { settings?: PaneState['settings']; drawings?: Annotation[] } = {}) {
  const initial: WorkspaceDocument = {
    version: 1,
    layout: 'p1',
    panes: {
      p1: {
        id: 'p1',
        kind: 'candlestick',
        symbol: 'BTCUSDT',
        linkGroup: null,
        settings: chart.settings ?? {},
      },
    },
    annotations: Object.fromEntries([line, note, ...(chart.drawings ?? [])].map((d) => [d.id, d])),
    theme: 'default',
    maximizedPaneId: null,
  };
  const harness = createCommandHarness(initial, alertCommands());
  harness.session.setState({ focusedPaneId: 'p1' });
  const depth = () => harness.workspace.state.getState().history.past.length;
  return { ...harness, depth };
}

const onLine: PriceAlert = {
  id: 'a1',
  symbol: 'BTCUSDT',
  annotationId: line.id,
  condition: 'crosses',
  message: 'Breakout',
  armedAt: 100,
};

const firing = (patch: Partial<AlertFired> = {}): AlertFired => ({
  id: 'a1',
  armedAt: 100,
  symbol: 'BTCUSDT',
  condition: 'crosses',
  time: 1,
  price: 94_010,
  level: 94_000,
  firedAt: 5000,
  ...patch,
});

describe('alert commands', () => {
  it('Add alert… opens the dialog on the selected line, or at a price on a chart', () => {
    const { run, session } = setup();
    patchSession(session, 'annotation', { selectedId: line.id });
    expect(run('add-alert', {})).toBe(true);
    expect(session.getState()).toMatchObject({
      dialog: 'alert',
      alertEditor: { mode: 'new', symbol: 'BTCUSDT', annotationId: line.id },
    });
    // A text note cannot have one: the alert is at a price of the chart instead.
    patchSession(session, 'annotation', { selectedId: note.id });
    expect(run('add-alert', {})).toBe(true);
    expect(session.getState().alertEditor).toEqual({ mode: 'new', symbol: 'BTCUSDT' });
    expect(run('add-alert', { annotationId: note.id })).toBe(false);
  });

  it("an alert on a sloped line records the bars of the chart it is set on; a level's does not", () => {
    const trend = {
      ...createDrawing('p1', 'trend-line', [
        { time: 0, price: 1 },
        { time: 60, price: 2 },
      ]),
      symbol: 'BTCUSDT',
    };
    const { run, session } = setup({ settings: { interval: '1h', outOfSession: 'hide' }, drawings: [trend] });
    expect(run('add-alert', { annotationId: trend.id })).toBe(true);
    expect(session.getState().alertEditor).toEqual({
      mode: 'new',
      symbol: 'BTCUSDT',
      annotationId: trend.id,
      bars: { interval: '1h', sessionOnly: true },
    });
    // A horizontal line is level at every bar: nothing to record.
    expect(run('add-alert', { annotationId: line.id })).toBe(true);
    expect(session.getState().alertEditor).toEqual({ mode: 'new', symbol: 'BTCUSDT', annotationId: line.id });
  });

  it('a trend line or channel with its points at one time takes no alert, and says why', () => {
    const at = (price: number) => ({ time: 60, price });
    const flat = { ...createDrawing('p1', 'trend-line', [at(1), at(2)]), symbol: 'BTCUSDT' };
    const channel = { ...createDrawing('p1', 'parallel-channel', [at(1), at(1), at(2)]), symbol: 'BTCUSDT' };
    const { run, session, availability } = setup({ drawings: [flat, channel] });
    const reason =
      "The drawing's points are at one time: it has no line to watch. Move a point to another bar";
    for (const drawing of [flat, channel]) {
      expect(availability('add-alert', 'p1')).toBe(true);
      patchSession(session, 'annotation', { selectedId: drawing.id });
      // Selected: Add alert… is that drawing's, and cannot be; asked for by id, the same.
      expect(availability('add-alert', 'p1')).toBe(reason);
      expect(run('add-alert', { annotationId: drawing.id })).toBe(false);
      patchSession(session, 'annotation', { selectedId: null });
    }
    expect(session.getState().dialog).not.toBe('alert');
  });

  it('create, edit and delete are one undo step each', () => {
    const { run, workspace, depth } = setup();
    expect(run('create-alert', { alert: onLine })).toBe(true);
    expect(depth()).toBe(1);
    expect(run('update-alert', { alertId: 'a1', patch: { message: 'Up' } })).toBe(true);
    expect(workspace.getDocument().alerts?.a1?.message).toBe('Up');
    expect(run('delete-alert', { alertId: 'a1' })).toBe(true);
    expect(depth()).toBe(3);
    expect(run('create-alert', { alert: { ...onLine, condition: 'enters' } })).toBe(false);
  });

  it('a firing marks the alert without an undo step and tells the user once', () => {
    const { run, workspace, session, depth, store } = setup();
    run('create-alert', { alert: onLine });
    session.setState({ notices: [] });
    expect(run('record-alert-fired', { fired: firing() })).toBe(true);
    expect(depth()).toBe(1);
    expect(workspace.getDocument().alerts?.a1?.fired).toEqual({ at: 5000, price: 94_010 });
    expect(session.getState().notices.map((n) => n.text)).toEqual([
      'Alert: BTCUSDT crossed 94,000 (at 94,010). Breakout',
    ]);
    // The same report again, or one for an earlier arming, changes nothing and says nothing.
    expect(run('record-alert-fired', { fired: firing() })).toBe(false);
    expect(run('record-alert-fired', { fired: firing({ id: 'a1', armedAt: 99 }) })).toBe(false);
    expect(session.getState().notices).toHaveLength(1);
    // Undo takes back the creation, not the firing.
    run('create-alert', { alert: { ...onLine, id: 'a2' } });
    store.undo();
    expect(workspace.getDocument().alerts?.a2).toBeUndefined();
    expect(workspace.getDocument().alerts?.a1?.fired).toBeDefined();
  });

  it('the sound setting is kept in the browser storage the workstation was given', () => {
    const { run, session } = setup();
    const kept = new Map<string, string>([['workstation.alert-sound', 'off']]);
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    };
    keepAlertSoundSetting(session, storage);
    expect(session.getState().alertSound).toBe(false);
    run('toggle-alert-sound');
    expect(session.getState().alertSound).toBe(true);
    expect(kept.has('workstation.alert-sound')).toBe(false);
    run('toggle-alert-sound');
    expect(kept.get('workstation.alert-sound')).toBe('off');
  });

  it('notifications: asking is a command, and without the API it says why it cannot', () => {
    const { availability } = setup();
    expect(availability('allow-alert-notifications')).toBe('This browser has no notifications');
  });
});
