import { describe, expect, it } from 'vitest';
import type { Command } from './command';
import { shortcutRows } from './shortcut-rows';

const command = (id: string, label: string, keys: string[], extra: Partial<Command> = {}): Command => ({
  id,
  label,
  group: 'Test',
  keys,
  perform: () => {},
  ...extra,
});

describe('shortcut rows', () => {
  it('joins the commands of one label and scope, keeps the first order, drops repeats', () => {
    const rows = shortcutRows(
      [
        command('pan-financial', 'Pan chart left', ['Shift+ArrowLeft'], { scope: 'chart' }),
        command('undo', 'Undo', ['$mod+z']),
        command('pan-analytic', 'Pan chart left', ['Shift+ArrowLeft'], { scope: 'chart' }),
        command('pan-elsewhere', 'Pan chart left', ['Shift+ArrowLeft']),
        command('none', 'Unbound', []),
      ],
      false,
    );
    expect(rows).toEqual([
      { label: 'Pan chart left', scope: 'chart', keys: ['Shift+←'] },
      { label: 'Undo', scope: 'global', keys: ['Ctrl+Z'] },
      { label: 'Pan chart left', scope: 'global', keys: ['Shift+←'] },
    ]);
  });

  it('writes a run of digits as a range, and leaves short runs and other keys alone', () => {
    const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) =>
      command(`type:${d}`, 'Type an interval', [d], { scope: 'chart' }),
    );
    expect(shortcutRows(digits, false)).toEqual([
      { label: 'Type an interval', scope: 'chart', keys: ['1–9'] },
    ]);
    const mixed = shortcutRows([command('m', 'Mixed', ['1', '2', 'x', '4', '5', '6', '8'])], false);
    expect(mixed[0]?.keys).toEqual(['1', '2', 'X', '4–6', '8']);
  });

  it('writes runs of letters as ranges, those with Shift apart: the symbol search keys', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz'.split('').map((l) =>
      command(`type:${l}`, 'Type a symbol', [...(l === 'x' ? [] : [l]), `Shift+Key${l.toUpperCase()}`], {
        scope: 'chart',
      }),
    );
    expect(shortcutRows(letters, false)).toEqual([
      { label: 'Type a symbol', scope: 'chart', keys: ['A–W', 'Y', 'Z', 'Shift+A–Z'] },
    ]);
    expect(shortcutRows([command('r', 'Redo', ['$mod+Shift+z', '$mod+y'])], false)[0]?.keys).toEqual([
      'Ctrl+Shift+Z',
      'Ctrl+Y',
    ]);
  });
});
