import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSession, useSessionStore } from '../session/session-context';
import { CommandMenuItem } from './command-menu-item';
import { formatKey } from './key-format';
import { contextMenuPosition } from './menu-placement';
import { type PaneMenuCommand, paneMenuEntries } from './pane-menu';
import { placeMenu } from './place-menu';
import { SubmenuItem } from './submenu-item';
import { useMenuKeys } from './use-menu-keys';
import { useWorkstation } from './use-workstation';

/** The open submenu, by label, and whether its first item took focus. */
interface OpenSubmenu {
  label: string;
  focusFirst: boolean;
}

/**
 * The pane context menu (right-click, long-press, Shift+F10): the registry's pane commands, long
 * families in submenus (`pane-menu.ts`).
 */
export function ContextMenu() {
  const session = useSessionStore();
  const request = useSession((s) => s.contextMenu);
  const [submenu, setSubmenu] = useState<OpenSubmenu | null>(null);
  // Closed from the keyboard (Escape, Tab) the menu gives the focus back to its pane.
  const close = () => {
    setSubmenu(null);
    session.setState({ contextMenu: null, domFocusRequest: request?.paneId ?? null });
  };
  const { registry, context, run } = useWorkstation();
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = useMenuKeys(ref, { close });

  useEffect(() => {
    if (!request) return;
    setSubmenu(null);
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) {
        setSubmenu(null);
        session.setState({ contextMenu: null });
      }
    };
    window.addEventListener('pointerdown', onPointerDown, true);
    return () => window.removeEventListener('pointerdown', onPointerDown, true);
  }, [request, session]);

  // At the point, moved in so that the whole menu is on screen (placed before it is painted).
  useLayoutEffect(() => {
    const menu = ref.current;
    if (request && menu) placeMenu(menu, (size, viewport) => contextMenuPosition(request, size, viewport));
  }, [request]);

  if (!request) return null;
  const entries = paneMenuEntries(registry, context(request.paneId));

  // Another submenu, or none: the pointer moved onto another item. If the submenu that closes has the
  // focus, its item in this menu takes it back (focus is never lost with the submenu).
  const showSubmenu = (next: OpenSubmenu | null) => {
    if (submenu && submenu.label !== next?.label) {
      const menu = ref.current;
      if (menu?.querySelector('.submenu')?.contains(document.activeElement))
        menu.querySelector<HTMLElement>('[aria-expanded="true"]')?.focus();
    }
    setSubmenu(next);
  };

  const item = ({ command, availability }: PaneMenuCommand, inSubmenu: boolean) => (
    <CommandMenuItem
      key={command.id}
      availability={availability}
      onPointerEnter={inSubmenu ? undefined : () => showSubmenu(null)}
      onChoose={() => {
        setSubmenu(null);
        session.setState({ contextMenu: null });
        run(command.id, { paneId: request.paneId });
        // A command that opened nothing to focus (a dialog takes the focus) leaves it with the pane,
        // not on the page's body where the menu's item was.
        requestAnimationFrame(() => {
          const active = document.activeElement;
          if (active === null || active === document.body)
            session.setState({ domFocusRequest: request.paneId });
        });
      }}
    >
      <span>{command.menuLabel ?? command.label}</span>
      {command.keys?.[0] && <kbd>{formatKey(command.keys[0])}</kbd>}
    </CommandMenuItem>
  );

  return (
    <div ref={ref} role="menu" aria-label="Pane actions" className="context-menu" onKeyDown={onKeyDown}>
      {entries.map((entry) =>
        entry.type === 'command' ? (
          item(entry, false)
        ) : (
          <SubmenuItem
            key={`submenu:${entry.label}`}
            label={entry.label}
            open={submenu?.label === entry.label}
            focusFirst={submenu?.label === entry.label && submenu.focusFirst}
            onOpen={(focusFirst) =>
              showSubmenu({
                label: entry.label,
                // Hovering the item of a submenu opened from the keyboard leaves the focus in it.
                focusFirst: focusFirst || (submenu?.label === entry.label && submenu.focusFirst),
              })
            }
            onClose={() => setSubmenu(null)}
            closeAll={close}
          >
            {entry.items.map((sub) => item(sub, true))}
          </SubmenuItem>
        ),
      )}
    </div>
  );
}
