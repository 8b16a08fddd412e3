import type { ReactNode } from 'react';
import type { Availability } from './command';

/**
 * One command in a menu: a menu item named by the command, disabled with the reason as its tooltip
 * when the command cannot run (aria-disabled keeps it reachable), choosing it otherwise.
 */
export function CommandMenuItem({
  availability,
  onChoose,
  onPointerEnter,
  children,
}: {
  availability: Availability;
  onChoose(): void;
  /** The pointer came onto it (a menu closes the submenu the pointer left). */
  onPointerEnter?(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={availability !== true}
      title={availability === true ? undefined : availability}
      onPointerEnter={onPointerEnter}
      onClick={() => {
        if (availability === true) onChoose();
      }}
    >
      {children}
    </button>
  );
}
