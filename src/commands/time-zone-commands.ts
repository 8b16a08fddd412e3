import { RECORD } from '../state/history';
import { EXCHANGE_ZONE, isTimeZone, timeZoneOf, zoneLabel } from '../state/time-zone';
import { setTimeZone } from '../state/workspace-edits';
import { type Command, defineCommand } from './command';

declare module './command' {
  interface CommandArgs {
    /** The time zone picker: any IANA zone, `UTC`, `local` or `exchange` (each chart its symbol's). */
    'set-time-zone': { readonly zone: string };
  }
}

/** The zones a trader reaches for, offered as `Time zone: <city>` in the palette (the picker has all). */
export const COMMON_TIME_ZONES: readonly { zone: string; name: string }[] = [
  { zone: EXCHANGE_ZONE, name: 'Exchange' },
  { zone: 'UTC', name: 'UTC' },
  { zone: 'local', name: 'Local time' },
  { zone: 'America/New_York', name: 'New York' },
  { zone: 'America/Chicago', name: 'Chicago' },
  { zone: 'Europe/London', name: 'London' },
  { zone: 'Europe/Frankfurt', name: 'Frankfurt' },
  { zone: 'Asia/Tokyo', name: 'Tokyo' },
  { zone: 'Asia/Hong_Kong', name: 'Hong Kong' },
  { zone: 'Australia/Sydney', name: 'Sydney' },
];

const current = (zone: string): string => `${zoneLabel(zone)} is the current time zone`;

/**
 * The workspace's time zone: a document edit (undoable, saved, shared by the tabs). Intraday times
 * everywhere follow it; daily bars keep their dates.
 */
export function timeZoneCommands(): Command[] {
  return [
    defineCommand({
      id: 'set-time-zone',
      label: 'Set time zone',
      group: 'Time zone',
      needsArgs: true,
      perform: (_ctx, { zone }) => {
        if (!isTimeZone(zone)) return;
        return { edit: (d) => setTimeZone(d, zone), history: RECORD };
      },
    }),
    ...COMMON_TIME_ZONES.map(
      ({ zone, name }): Command => ({
        id: `time-zone:${zone}`,
        label: `Time zone: ${name}`,
        group: 'Time zone',
        when: (ctx) => (timeZoneOf(ctx.workspace.getDocument()) === zone ? current(zone) : true),
        perform: () => ({ edit: (d) => setTimeZone(d, zone), history: RECORD }),
      }),
    ),
  ];
}
