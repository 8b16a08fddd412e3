/**
 * The keys of an open menu (the pane context menu, the toolbar's menus), as the WAI-ARIA menu pattern
 * has them: arrows, Home and End move through its items; ArrowRight opens the focused item's submenu
 * and ArrowLeft closes the submenu (Enter and Space open it too: they press the item); Escape closes
 * the menu it is pressed in and Tab every open one. Registry commands in the `menu` key scope, so the
 * shortcut list shows them; the open menu supplies itself as the argument (`useMenuKeys`).
 */
import { type Command, defineCommand } from './command';

/** What a menu gives its key commands: its enabled items, in order, and how it closes. */
export interface OpenMenu {
  items(): HTMLElement[];
  /** Closes this menu; a submenu gives focus back to its item in the parent menu. */
  close(): void;
  /** Closes this menu and the menus it was opened from. */
  closeAll(): void;
  /** A submenu (ArrowLeft closes it), not a menu opened by a button or a right-click. */
  readonly nested: boolean;
}

declare module './command' {
  interface CommandArgs {
    'menu-next-item': { readonly menu: OpenMenu };
    'menu-previous-item': { readonly menu: OpenMenu };
    'menu-first-item': { readonly menu: OpenMenu };
    'menu-last-item': { readonly menu: OpenMenu };
    'open-submenu': { readonly menu: OpenMenu };
    'close-submenu': { readonly menu: OpenMenu };
    'close-menu': { readonly menu: OpenMenu };
    'close-all-menus': { readonly menu: OpenMenu };
  }
}

/** Focuses the item `pick` chooses from the items and the index of the focused one (-1: none). */
function focusItem(menu: OpenMenu, pick: (count: number, index: number) => number): void {
  const items = menu.items();
  if (items.length === 0) return;
  const index = items.indexOf(document.activeElement as HTMLElement);
  items[pick(items.length, index)]?.focus();
}

/** The focused item of the menu when it opens a submenu. */
function submenuItem(menu: OpenMenu): HTMLElement | null {
  const focused = menu.items().find((item) => item === document.activeElement);
  return focused?.getAttribute('aria-haspopup') === 'menu' ? focused : null;
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
      id: 'open-submenu',
      label: 'Open submenu',
      keys: ['ArrowRight'],
      ...MENU,
      when: (_ctx, { menu }) => (submenuItem(menu) ? true : 'The focused item has no submenu'),
      // As Enter and Space do: pressing the item opens its submenu with the first item focused.
      perform: (_ctx, { menu }) => submenuItem(menu)?.click(),
    }),
    defineCommand({
      id: 'close-submenu',
      label: 'Close submenu',
      keys: ['ArrowLeft'],
      ...MENU,
      when: (_ctx, { menu }) => (menu.nested ? true : 'Not in a submenu'),
      perform: (_ctx, { menu }) => menu.close(),
    }),
    defineCommand({
      id: 'close-menu',
      label: 'Close menu',
      keys: ['Escape'],
      ...MENU,
      perform: (_ctx, { menu }) => menu.close(),
    }),
    defineCommand({
      id: 'close-all-menus',
      label: 'Close all menus',
      keys: ['Tab'],
      ...MENU,
      perform: (_ctx, { menu }) => menu.closeAll(),
    }),
  ];
}
