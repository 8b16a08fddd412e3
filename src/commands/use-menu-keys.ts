import type { KeyboardEvent, RefObject } from 'react';
import type { OpenMenu } from './menu-commands';
import { useWidgetKeys } from './use-key-bindings';

const ENABLED_ITEM = '[role="menuitem"]:not([aria-disabled="true"])';

export interface MenuClosing {
  /** Closes the menu (a submenu: and focuses its item in the parent menu). */
  close(): void;
  /** Only a submenu has it: closes the submenu and the menus it opened from. */
  closeAll?(): void;
}

/**
 * The key handler of an open menu: its keys are the registry's `menu` scope commands, given this
 * menu. Keys stay inside the menu, so the workspace's own bindings do not act while it is open, and a
 * submenu's keys do not reach the menu it opened from.
 */
export function useMenuKeys(menuRef: RefObject<HTMLElement | null>, { close, closeAll }: MenuClosing) {
  const menu: OpenMenu = {
    // Its own items: an open submenu's items are inside it in the DOM, but belong to the submenu.
    items: () =>
      [...(menuRef.current?.querySelectorAll<HTMLElement>(ENABLED_ITEM) ?? [])].filter(
        (item) => item.parentElement?.closest('[role="menu"]') === menuRef.current,
      ),
    close,
    closeAll: closeAll ?? close,
    nested: closeAll !== undefined,
  };
  const widgetKeys = useWidgetKeys('menu', () => ({ menu, paneId: null }));
  return (event: KeyboardEvent) => {
    event.stopPropagation();
    widgetKeys(event);
  };
}
