import { useEffect, useId, useRef, useState } from 'react';
import { Icon, type IconName } from '../ui/icons';
import { CommandMenuItem } from './command-menu-item';
import { useMenuKeys } from './use-menu-keys';
import { useWorkstation } from './use-workstation';

interface MenuButtonProps {
  label: string;
  icon: IconName;
  commandIds: string[];
}

/** A button that opens a menu of registered commands (WAI-ARIA menu button pattern). */
export function MenuButton({ label, icon, commandIds }: MenuButtonProps) {
  const { registry, context, run } = useWorkstation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    window.addEventListener('pointerdown', onPointerDown, true);
    return () => window.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  const ctx = context();
  const items = commandIds.flatMap((id) => {
    const command = registry.get(id);
    return command ? [{ command, availability: registry.availability(command, ctx) }] : [];
  });

  const closeMenu = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onKeyDown = useMenuKeys(menuRef, { close: closeMenu });

  return (
    <span className="menu-anchor">
      <button
        ref={buttonRef}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name={icon} />
        <span>{label}</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className="dropdown-menu"
          onKeyDown={onKeyDown}
        >
          {items.map(({ command, availability }) => (
            <CommandMenuItem
              key={command.id}
              availability={availability}
              onChoose={() => {
                closeMenu();
                run(command.id);
              }}
            >
              {command.label}
            </CommandMenuItem>
          ))}
        </div>
      )}
    </span>
  );
}
