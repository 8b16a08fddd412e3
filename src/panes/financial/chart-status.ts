import { createStore } from 'zustand/vanilla';

/** Per-pane chart status that is not part of the document (never undone, never saved). */
export const chartStatusStore = createStore<{ logRefused: Record<string, boolean> }>(() => ({
  logRefused: {},
}));
