import { Command as Cmdk } from 'cmdk';
import { Fragment, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSession } from '../session/session-context';
import { ModalDialog } from '../ui/modal-dialog';
import { type Availability, type Command, KEY_SCOPE_NAMES } from './command';
import { shownKeys } from './key-format';
import { rankEntries } from './palette-ranking';
import { useDocument, useWorkstation } from './use-workstation';

interface CommandPaletteProps {
  onClose(): void;
}

/** `Ctrl+K`: every registered command, filtered as you type, with its keys; Enter runs it. */
export function CommandPalette({ onClose }: CommandPaletteProps) {
  const { registry, context, run } = useWorkstation();
  // Every command the palette can list, with its availability now. A command that takes its
  // arguments from a widget (a dialog's Save, a drag's end) is not among them: the palette has none to
  // give, and the command that opens its widget is listed instead. Availability follows the document
  // and the session while the palette is open (a symbol list that arrives just after an import enables
  // `Remove imported symbol`); the palette re-renders only when it changes, not on every session change
  // (pane descriptions and the feed's status change with each live tick).
  const availabilities = () => {
    const ctx = context();
    return registry
      .listForPalette()
      .map((command) => ({ command, availability: registry.availability(command, ctx) }));
  };
  const availabilityKey = () =>
    availabilities()
      .map(({ command, availability }) => `${command.id}\u0000${availabilityText(availability)}`)
      .join('\u0001');
  const documentKey = useDocument(availabilityKey);
  const sessionKey = useSession(availabilityKey);
  // Those that hide while unavailable are left out by rankEntries, unless typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys change when what `context()` gives does
  const entries = useMemo(availabilities, [registry, context, documentKey, sessionKey]);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => rankEntries(entries, search), [entries, search]);

  const choose = (command: Command) => {
    // Close first and at once: the dialog's cleanup gives focus back to where it was, so focus moves
    // made by the command stick. Then run in this same event, so the command keeps the user activation
    // (a file picker opens) and its result is on screen when the palette is gone.
    flushSync(onClose);
    run(command.id);
  };

  return (
    <ModalDialog label="Command palette" onClose={onClose} className="palette">
      {/* Ranked by rankEntries (cmdk leaves the unavailable commands unsorted, at the top). */}
      <Cmdk label="Command palette" loop shouldFilter={false}>
        <Cmdk.Input placeholder="Type a command…" value={search} onValueChange={setSearch} />
        <Cmdk.List>
          <Cmdk.Empty>No matching command</Cmdk.Empty>
          {shown.map(({ command, availability }) => (
            <Cmdk.Item
              key={command.id}
              value={command.label}
              disabled={availability !== true}
              onSelect={() => choose(command)}
              title={availability === true ? undefined : availability}
            >
              <span className="palette-label">{command.label}</span>
              {availability !== true && <span className="palette-reason">{availability}</span>}
              {command.keys?.length ? (
                // Spaces between the keys and before the scope: the option's name reads "Draw trend line
                // Alt+T in a focused chart", not "Alt+Tin a focused chart".
                <span className="palette-keys">
                  {shownKeys(command.keys).map((k, i) => (
                    <Fragment key={k}>
                      {i > 0 && ' '}
                      <kbd>{k}</kbd>
                    </Fragment>
                  ))}
                  {command.scope && command.scope !== 'global' && (
                    <>
                      {' '}
                      <span className="palette-scope">{KEY_SCOPE_NAMES[command.scope].toLowerCase()}</span>
                    </>
                  )}
                </span>
              ) : null}
            </Cmdk.Item>
          ))}
        </Cmdk.List>
      </Cmdk>
    </ModalDialog>
  );
}

/** An availability as text for the palette's change key: `true` (available) or why not. */
function availabilityText(availability: Availability): string {
  return availability === true ? '' : `!${availability}`;
}
