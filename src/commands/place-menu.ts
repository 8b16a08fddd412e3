import type { Size } from './menu-placement';

/**
 * Moves an open menu (position: fixed) to where `place` puts it for its size. Measured at the
 * viewport's top left, where nothing squeezes it: near an edge its labels would wrap.
 */
export function placeMenu(
  menu: HTMLElement,
  place: (size: Size, viewport: Size) => { left: number; top: number },
): void {
  menu.style.left = '0px';
  menu.style.top = '0px';
  const viewport = document.documentElement;
  const { left, top } = place(
    { width: menu.offsetWidth, height: menu.offsetHeight },
    { width: viewport.clientWidth, height: viewport.clientHeight },
  );
  menu.style.left = `${left}px`;
  menu.style.top = `${top}px`;
}
