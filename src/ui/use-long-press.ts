import { useRef } from 'react';

export const LONG_PRESS_MS = 500;
export const LONG_PRESS_SLOP_PX = 10;

/**
 * Touch long-press (docs/reference-constants.md): 500 ms without moving more than 10 px calls `onLongPress`.
 * Mouse and pen use the native contextmenu event instead.
 */
export function useLongPress(onLongPress: (x: number, y: number) => void) {
  const state = useRef<{ timer: number; x: number; y: number; id: number } | null>(null);
  const cancel = () => {
    if (state.current) window.clearTimeout(state.current.timer);
    state.current = null;
  };
  return {
    onPointerDown(e: React.PointerEvent) {
      if (e.pointerType !== 'touch') return;
      cancel();
      const { clientX: x, clientY: y, pointerId: id } = e;
      const timer = window.setTimeout(() => {
        state.current = null;
        onLongPress(x, y);
      }, LONG_PRESS_MS);
      state.current = { timer, x, y, id };
    },
    onPointerMove(e: React.PointerEvent) {
      const s = state.current;
      if (s && s.id === e.pointerId && Math.hypot(e.clientX - s.x, e.clientY - s.y) > LONG_PRESS_SLOP_PX)
        cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
  };
}
