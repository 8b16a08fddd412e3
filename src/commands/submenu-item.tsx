import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { submenuPosition, submenuSide } from './menu-placement';
import { placeMenu } from './place-menu';
import { useMenuKeys } from './use-menu-keys';

const ENABLED_ITEM = '[role="menuitem"]:not([aria-disabled="true"])';

interface SubmenuItemProps {
  /** The item's name and the submenu's accessible name. */
  label: string;
  open: boolean;
  /** Opened from the keyboard or by a press: its first item takes focus (hover leaves focus alone). */
  focusFirst: boolean;
  onOpen(focusFirst: boolean): void;
  onClose(): void;
  /** Closes the whole menu (Tab, or a command chosen). */
  closeAll(): void;
  children: ReactNode;
}

/**
 * A menu item that opens a submenu (WAI-ARIA menu pattern): `aria-haspopup="menu"` and
 * `aria-expanded`; ArrowRight, Enter, Space, a click or the pointer resting on it open the submenu
 * beside it, kept on screen; ArrowLeft and Escape close it and give focus back to this item.
 */
export function SubmenuItem({
  label,
  open,
  focusFirst,
  onOpen,
  onClose,
  closeAll,
  children,
}: SubmenuItemProps) {
  const menuId = useId();
  const itemRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const close = () => {
    onClose();
    itemRef.current?.focus();
  };
  const onKeyDown = useMenuKeys(menuRef, { close, closeAll });

  // The arrow points to the side the open submenu is on (closed, the usual right).
  const [side, setSide] = useState<'left' | 'right'>('right');
  // Placed before it is painted: beside the parent menu, on the side and at the height that fit.
  useLayoutEffect(() => {
    const item = itemRef.current;
    const menu = menuRef.current;
    const parent = item?.parentElement?.closest('[role="menu"]');
    if (!open || !item || !menu || !parent) {
      setSide('right');
      return;
    }
    const parentBox = parent.getBoundingClientRect();
    placeMenu(menu, (size, viewport) => {
      setSide(submenuSide(parentBox, size.width, viewport));
      return submenuPosition(item.getBoundingClientRect(), parentBox, size, viewport);
    });
  }, [open]);

  useEffect(() => {
    if (open && focusFirst) menuRef.current?.querySelector<HTMLElement>(ENABLED_ITEM)?.focus();
  }, [open, focusFirst]);

  return (
    <div role="none" className="submenu-anchor">
      <button
        ref={itemRef}
        type="button"
        role="menuitem"
        tabIndex={-1}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => onOpen(true)}
        onPointerEnter={() => onOpen(false)}
      >
        <span>{label}</span>
        <span className="submenu-arrow" aria-hidden="true" data-side={side}>
          {side === 'right' ? '›' : '‹'}
        </span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className="context-menu submenu"
          onKeyDown={onKeyDown}
        >
          {children}
        </div>
      )}
    </div>
  );
}
