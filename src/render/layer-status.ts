/** What the shared PixiJS layer is doing, for the status bar (session state: never saved or undone). */
import { createStore } from 'zustand/vanilla';
import type { RendererKind, RendererPreference } from './renderer-choice';

export type LayerState = 'idle' | 'starting' | 'ready' | 'lost' | 'failed';

export interface LayerStatus {
  state: LayerState;
  /** The renderer drawing now; null before the first analytic pane opens. */
  kind: RendererKind | null;
  reason: string;
  preference: RendererPreference;
  /** Where the preference came from. */
  source: 'url' | 'setting' | 'default';
  /** WebGL context restores so far. */
  restores: number;
}

export const layerStatus = createStore<LayerStatus>(() => ({
  state: 'idle',
  kind: null,
  reason: '',
  preference: 'auto',
  source: 'default',
  restores: 0,
}));
