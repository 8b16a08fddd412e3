import { describe, expect, it } from 'vitest';
import { contextMenuPosition, MENU_MARGIN, submenuPosition, submenuSide } from './menu-placement';

const viewport = { width: 1280, height: 800 };

describe('context menu placement', () => {
  it('opens at the point when it fits', () => {
    expect(contextMenuPosition({ x: 100, y: 200 }, { width: 240, height: 300 }, viewport)).toEqual({
      left: 100,
      top: 200,
    });
  });

  it('moves in from the right and bottom edges, never past the top left', () => {
    expect(contextMenuPosition({ x: 1275, y: 795 }, { width: 240, height: 300 }, viewport)).toEqual({
      left: 1280 - MENU_MARGIN - 240,
      top: 800 - MENU_MARGIN - 300,
    });
    expect(contextMenuPosition({ x: 0, y: 0 }, { width: 240, height: 900 }, viewport)).toEqual({
      left: MENU_MARGIN,
      top: MENU_MARGIN,
    });
  });
});

describe('submenu placement', () => {
  const parent = { left: 300, top: 100, width: 240, height: 500 };
  const item = { left: 304, top: 340, width: 232, height: 30 };
  const size = { width: 220, height: 450 };

  it('opens to the right of the parent, its first item level with the item', () => {
    expect(submenuPosition(item, parent, { width: 220, height: 100 }, viewport)).toEqual({
      left: 538,
      top: 335,
    });
  });

  it('names the side it opens on, for the arrow of its item', () => {
    expect(submenuSide(parent, size.width, viewport)).toBe('right');
    expect(submenuSide({ ...parent, left: 1000 }, size.width, viewport)).toBe('left');
    // Just fits: the submenu's right edge at the margin.
    expect(submenuSide({ ...parent, left: 1280 - MENU_MARGIN - 220 - 240 + 2 }, 220, viewport)).toBe('right');
  });

  it('opens to the left when the right has no room, and up near the bottom', () => {
    const right = { ...parent, left: 1000 };
    const at = submenuPosition({ ...item, left: 1004, top: 520 }, right, size, viewport);
    expect(at.left).toBe(1000 + 2 - 220);
    expect(at.top).toBe(800 - MENU_MARGIN - 450);
    expect(at.left + size.width).toBeLessThanOrEqual(viewport.width);
  });

  it('stays on screen in a window too narrow for either side', () => {
    const at = submenuPosition(item, parent, size, { width: 400, height: 800 });
    expect(at.left).toBeGreaterThanOrEqual(MENU_MARGIN);
    expect(at.left + size.width).toBeLessThanOrEqual(400 - MENU_MARGIN);
  });
});
