/**
 * The keys of an open menu (the pane context menu, the toolbar's menus): arrows, Home and End move
 * through its items, Escape and Tab close it. Registry commands in the `menu` key scope, so the
 * shortcut list shows them; the open menu supplies itself as the argument (`useMenuKeys`).
 */
import { type Command, defineCommand } from './command';

/** What a menu gives its key commands: its enabled items, in order, and how it closes. */
export interface OpenMenu {
  items(): HTMLElement[];
  close(): void;
}

declare module './command' {
  interface CommandArgs {
    'menu-next-item': { readonly menu: OpenMenu };
    'menu-previous-item': { readonly menu: OpenMenu };
    'menu-first-item': { readonly menu: OpenMenu };
    'menu-last-item': { readonly menu: OpenMenu };
    'close-menu': { readonly menu: OpenMenu };
  }
}

/** Focuses the item `pick` chooses from the items and the index of the focused one (-1: none). */
function focusItem(menu: OpenMenu, pick: (count: number, index: number) => number): void {
  const items = menu.items();
  if (items.length === 0) return;
  const index = items.indexOf(document.activeElement as HTMLElement);
  items[pick(items.length, index)]?.focus();
}

const MENU = { group: 'Menus', scope: 'menu', needsArgs: true, hiddenWhenUnavailable: true } as const;

export function menuCommands(): Command[] {
  return [
    defineCommand({
      id: 'menu-next-item',
      label: 'Next menu item',
      keys: ['ArrowDown'],
      ...MENU,
      perform: (_ctx, { menu }) => focusItem(menu, (n, i) => (i + 1) % n),
    }),
    defineCommand({
      id: 'menu-previous-item',
      label: 'Previous menu item',
      keys: ['ArrowUp'],
      ...MENU,
      perform: (_ctx, { menu }) => focusItem(menu, (n, i) => (i - 1 + n) % n),
    }),
    defineCommand({
      id: 'menu-first-item',
      label: 'First menu item',
      keys: ['Home'],
      ...MENU,
      perform: (_ctx, { menu }) => focusItem(menu, () => 0),
    }),
    defineCommand({
      id: 'menu-last-item',
      label: 'Last menu item',
      keys: ['End'],
      ...MENU,
      perform: (_ctx, { menu }) => focusItem(menu, (n) => n - 1),
    }),
    defineCommand({
      id: 'close-menu',
      label: 'Close menu',
      keys: ['Escape', 'Tab'],
      ...MENU,
      perform: (_ctx, { menu }) => menu.close(),
    }),
  ];
}
