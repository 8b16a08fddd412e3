import { useEffect, useRef } from 'react';
import { useSession, useSessionStore } from '../session/session-context';
import { CommandMenuItem } from './command-menu-item';
import { formatKey } from './key-format';
import { useMenuKeys } from './use-menu-keys';
import { useWorkstation } from './use-workstation';

/** The pane context menu (right-click, long-press, Shift+F10): the registry's pane commands. */
export function ContextMenu() {
  const session = useSessionStore();
  const request = useSession((s) => s.contextMenu);
  const close = () => session.setState({ contextMenu: null });
  const { registry, context, run } = useWorkstation();
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = useMenuKeys(ref, close);

  useEffect(() => {
    if (!request) return;
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) session.setState({ contextMenu: null });
    };
    window.addEventListener('pointerdown', onPointerDown, true);
    return () => window.removeEventListener('pointerdown', onPointerDown, true);
  }, [request, session]);

  if (!request) return null;
  const ctx = context(request.paneId);
  const items = registry
    .list()
    .filter((c) => c.inPaneMenu)
    .map((command) => ({ command, availability: registry.availability(command, ctx) }))
    .filter(({ command, availability }) => availability === true || !command.hiddenWhenUnavailable);

  const left = Math.min(request.x, window.innerWidth - 240);
  const top = Math.min(request.y, window.innerHeight - items.length * 32 - 16);

  return (
    <div
      ref={ref}
      role="menu"
      aria-label="Pane actions"
      className="context-menu"
      style={{ left, top: Math.max(8, top) }}
      onKeyDown={onKeyDown}
    >
      {items.map(({ command, availability }) => (
        <CommandMenuItem
          key={command.id}
          availability={availability}
          onChoose={() => {
            close();
            run(command.id, { paneId: request.paneId });
          }}
        >
          <span>{command.menuLabel ?? command.label}</span>
          {command.keys?.[0] && <kbd>{formatKey(command.keys[0])}</kbd>}
        </CommandMenuItem>
      ))}
    </div>
  );
}
