import { Icon, type IconName } from '../ui/icons';
import { shownKeys } from './key-format';
import { useDocument, useWorkstation } from './use-workstation';

interface CommandButtonProps {
  commandId: string;
  /** Without an icon the button shows its label. */
  icon?: IconName;
  /** The pane the command acts on; the focused pane when omitted. */
  paneId?: string;
  showLabel?: boolean;
}

/**
 * A toolbar button for a registered command: its name is the command's label, its tooltip the keys
 * or the reason it is disabled. Uses aria-disabled so the reason stays reachable by keyboard.
 */
export function CommandButton({ commandId, icon, paneId, showLabel = false }: CommandButtonProps) {
  const { registry, context, run } = useWorkstation();
  // Availability depends on the document and on whether undo/redo steps exist, never on the
  // history's contents: subscribing to those alone keeps old histories collectable.
  useDocument((s) => s.document);
  useDocument((s) => `${s.history.past.length}:${s.history.future.length}`);
  const command = registry.get(commandId);
  if (!command) return null;
  const availability = registry.availability(command, context(paneId));
  const keys = command.keys ? shownKeys(command.keys).join(' or ') : '';
  const tooltip =
    availability === true
      ? keys
        ? `${command.label} (${keys})`
        : command.label
      : `${command.label}: ${availability}`;
  return (
    <button
      type="button"
      className={showLabel || !icon ? 'button' : 'icon-button'}
      aria-label={command.label}
      aria-disabled={availability !== true}
      title={tooltip}
      onClick={() => {
        if (availability === true) run(commandId, { paneId });
      }}
    >
      {icon && <Icon name={icon} />}
      {(showLabel || !icon) && <span>{command.label}</span>}
    </button>
  );
}
