/**
 * Where a menu goes so that all of it is on screen: a context menu at the pointer, a submenu beside
 * its item. Pure geometry in CSS pixels of the viewport.
 */

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** Distance kept from the viewport's edges. */
export const MENU_MARGIN = 8;

/** A submenu overlaps its parent menu by this much, so the pointer moves into it without a gap. */
const SUBMENU_OVERLAP = 2;

/** From the menu's edge to its first item's (padding and border): a submenu's first item lines up with its item. */
const MENU_INSET = 5;

function clamp(value: number, size: number, room: number): number {
  return Math.max(MENU_MARGIN, Math.min(value, room - MENU_MARGIN - size));
}

/** A context menu opens down and right from the point, moved back in when it would leave the viewport. */
export function contextMenuPosition(
  at: { x: number; y: number },
  menu: Size,
  viewport: Size,
): { left: number; top: number } {
  return { left: clamp(at.x, menu.width, viewport.width), top: clamp(at.y, menu.height, viewport.height) };
}

/**
 * A submenu opens to the right of its parent menu, its first item level with the item that opened it;
 * to the left when there is no room on the right, and up as far as needed near the bottom.
 */
export function submenuPosition(
  item: Box,
  parent: Box,
  menu: Size,
  viewport: Size,
): { left: number; top: number } {
  const left =
    submenuSide(parent, menu.width, viewport) === 'right'
      ? parent.left + parent.width - SUBMENU_OVERLAP
      : parent.left + SUBMENU_OVERLAP - menu.width;
  return {
    left: clamp(left, menu.width, viewport.width),
    top: clamp(item.top - MENU_INSET, menu.height, viewport.height),
  };
}

/** The side of its parent menu a submenu `width` wide opens on: the right when it fits there. */
export function submenuSide(parent: Box, width: number, viewport: Size): 'left' | 'right' {
  const right = parent.left + parent.width - SUBMENU_OVERLAP;
  return right + width <= viewport.width - MENU_MARGIN ? 'right' : 'left';
}
