/**
 * A theme for forced colours (Windows high contrast): the chrome the charts draw on their canvases
 * (background, text, grid, axes, crosshair, rises and falls) in the user's system colours, which the
 * browser applies to everything else. Series keep the theme's palette: forced colours offer too few
 * colours to tell eight series apart. Pure, so it is unit-tested.
 */
import type { SystemColors } from '../session/session-store';
import type { Theme } from './theme';

export function forcedColorsTheme(base: Theme, system: SystemColors): Theme {
  return {
    ...base,
    colors: {
      background: system.canvas,
      surface: system.canvas,
      surfaceRaised: system.canvas,
      border: system.buttonBorder,
      text: system.canvasText,
      textMuted: system.canvasText,
      accent: system.highlight,
      accentText: system.highlightText,
      focus: system.highlight,
      grid: system.grayText,
      crosshair: system.canvasText,
      // Rises in the link colour, falls in the text colour: the two a high-contrast scheme sets apart.
      up: system.linkText,
      down: system.canvasText,
      upText: system.linkText,
      downText: system.canvasText,
      warning: system.highlight,
      warningText: system.linkText,
      danger: system.linkText,
    },
  };
}
