import type { KeyboardEvent, RefObject } from 'react';
import type { OpenMenu } from './menu-commands';
import { useWidgetKeys } from './use-key-bindings';

const ENABLED_ITEM = '[role="menuitem"]:not([aria-disabled="true"])';

/**
 * The key handler of an open menu: its keys are the registry's `menu` scope commands, given this
 * menu. Keys stay inside the menu, so the workspace's own bindings do not act while it is open.
 */
export function useMenuKeys(menuRef: RefObject<HTMLElement | null>, close: () => void) {
  const menu: OpenMenu = {
    items: () => [...(menuRef.current?.querySelectorAll<HTMLElement>(ENABLED_ITEM) ?? [])],
    close,
  };
  const widgetKeys = useWidgetKeys('menu', () => ({ menu, paneId: null }));
  return (event: KeyboardEvent) => {
    event.stopPropagation();
    widgetKeys(event);
  };
}
