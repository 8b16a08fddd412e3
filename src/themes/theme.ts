import type { ThemeId } from '../state/workspace-document';

export type { ThemeId };

/** Every colour is a `#rrggbb` hex string, so it can feed CSS, canvas and WebGL alike. */
export interface ThemeColors {
  background: string;
  surface: string;
  surfaceRaised: string;
  border: string;
  text: string;
  textMuted: string;
  accent: string;
  /** Text drawn on top of `accent` (buttons, the active palette option). */
  accentText: string;
  focus: string;
  grid: string;
  crosshair: string;
  up: string;
  down: string;
  /**
   * Rises written as text (change figures): `up` made dark or light enough for 4.5:1 on every surface,
   * also under a selected row's tint (18 % of `accent`).
   */
  upText: string;
  /** Falls written as text: as `upText`, from `down`. */
  downText: string;
  /** Bodies and volume bars of rising bars; without it renderers use `up`. */
  upFill?: string;
  /** Bodies and volume bars of falling bars; without it renderers use `down`. */
  downFill?: string;
  warning: string;
  /** Warnings written as text: `warning` made dark or light enough for 4.5:1 on every surface. */
  warningText: string;
  danger: string;
}

export type ThemeColorName = keyof ThemeColors;

export interface Theme {
  id: ThemeId;
  /** Shown in the UI and in `Theme: <Name>` commands, e.g. `Default Dark`. */
  name: string;
  dark: boolean;
  colors: ThemeColors;
  /** Series colours in the order new series take them; 8 or more so small charts never repeat. */
  palette: readonly string[];
}
