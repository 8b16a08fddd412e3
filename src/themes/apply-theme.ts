import type { Theme, ThemeColorName } from './theme';

/** `surfaceRaised` -> `--color-surface-raised`. */
export function colorVariableName(name: ThemeColorName): string {
  return `--color-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

export function paletteVariableName(index: number): string {
  return `--palette-${index}`;
}

// Every colour name a theme may set, optional ones included, so switching themes clears them too.
// The record (not a list) makes the compiler flag a colour added to ThemeColors but not here.
const COLOR_NAMES = Object.keys({
  background: true,
  surface: true,
  surfaceRaised: true,
  border: true,
  text: true,
  textMuted: true,
  accent: true,
  accentText: true,
  focus: true,
  grid: true,
  crosshair: true,
  up: true,
  down: true,
  upText: true,
  downText: true,
  upFill: true,
  downFill: true,
  warning: true,
  warningText: true,
  danger: true,
} satisfies Record<ThemeColorName, true>) as ThemeColorName[];

/**
 * Publishes a theme to CSS: `data-theme` (the test contract), `color-scheme` (native controls and
 * scrollbars) and one custom property per colour. Canvas and WebGL renderers read the same values.
 */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme.id;
  root.style.colorScheme = theme.dark ? 'dark' : 'light';
  for (const name of COLOR_NAMES) {
    const value = theme.colors[name];
    // A missing optional colour must not keep the previous theme's value; CSS falls back instead.
    if (value === undefined) root.style.removeProperty(colorVariableName(name));
    else root.style.setProperty(colorVariableName(name), value);
  }
  theme.palette.forEach((color, index) => {
    root.style.setProperty(paletteVariableName(index), color);
  });
  // The previous theme may have had a longer palette.
  for (let index = theme.palette.length; root.style.getPropertyValue(paletteVariableName(index)); index++) {
    root.style.removeProperty(paletteVariableName(index));
  }
  root.style.setProperty('--palette-size', String(theme.palette.length));
}
