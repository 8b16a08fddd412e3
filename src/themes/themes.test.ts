import { describe, expect, it } from 'vitest';
import { applyTheme, colorVariableName } from './apply-theme';
import { contrastRatio, isHexColor, parseHexColor, relativeLuminance } from './contrast';
import type { Theme, ThemeColorName } from './theme';
import { getTheme, isThemeId, THEME_IDS, THEMES } from './themes';

const SPEC_IDS = [
  'default',
  'sheets',
  'polychroma',
  'vivid',
  'material',
  'financial',
  'default-dark',
  'sheets-dark',
  'polychroma-dark',
  'vivid-dark',
  'material-dark',
  'financial-dark',
];

const SPEC_NAMES = [
  'Default',
  'Sheets',
  'Polychroma',
  'Vivid',
  'Material',
  'Financial',
  'Default Dark',
  'Sheets Dark',
  'Polychroma Dark',
  'Vivid Dark',
  'Material Dark',
  'Financial Dark',
];

function colorEntries(theme: Theme): [string, string][] {
  return Object.entries(theme.colors).filter((entry): entry is [string, string] => entry[1] !== undefined);
}

describe('contrast', () => {
  it('matches the WCAG reference values', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 10);
    // Well-known pair: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('rejects malformed colours', () => {
    expect(isHexColor('#12345')).toBe(false);
    expect(isHexColor('123456')).toBe(false);
    expect(isHexColor('#12345g')).toBe(false);
    expect(() => relativeLuminance('red')).toThrow();
  });
});

describe('themes', () => {
  it('has exactly the 12 ids of the specification, each once', () => {
    expect([...THEME_IDS].sort()).toEqual([...SPEC_IDS].sort());
    expect(new Set(THEME_IDS).size).toBe(12);
    expect(THEMES.map((theme) => theme.id)).toEqual(THEME_IDS);
  });

  it('names each theme as the Theme: <Name> commands expect', () => {
    expect(THEMES.map((theme) => theme.name).sort()).toEqual([...SPEC_NAMES].sort());
    for (const theme of THEMES) {
      const base = getTheme(theme.id.replace(/-dark$/, ''));
      expect(theme.name).toBe(theme.dark ? `${base.name} Dark` : base.name);
      expect(theme.dark).toBe(theme.id.endsWith('-dark'));
    }
  });

  it('looks each theme up by id and recognises only real ids', () => {
    for (const id of SPEC_IDS) {
      expect(isThemeId(id)).toBe(true);
      expect(getTheme(id).id).toBe(id);
    }
    for (const bad of ['', 'dark', 'Default', 'default-light', 42, null, undefined, {}]) {
      expect(isThemeId(bad)).toBe(false);
    }
    expect(getTheme('no-such-theme').id).toBe('default');
  });

  it('gives distinct colours to distinct themes', () => {
    const fingerprints = THEMES.map((theme) => JSON.stringify([theme.colors, theme.palette]));
    expect(new Set(fingerprints).size).toBe(THEMES.length);
    const backgroundsAndAccents = THEMES.map((theme) => `${theme.colors.background}/${theme.colors.accent}`);
    expect(new Set(backgroundsAndAccents).size).toBe(THEMES.length);
  });

  describe.each(THEMES.map((theme) => [theme.id, theme] as const))('%s', (_id, theme) => {
    it('uses only #rrggbb colours', () => {
      for (const [name, value] of colorEntries(theme)) {
        expect(isHexColor(value), `${name} = ${value}`).toBe(true);
      }
      for (const value of theme.palette) expect(isHexColor(value), value).toBe(true);
    });

    it('has a palette of 8 or more distinct series colours', () => {
      expect(theme.palette.length).toBeGreaterThanOrEqual(8);
      expect(new Set(theme.palette.map((c) => c.toLowerCase())).size).toBe(theme.palette.length);
    });

    it('has a background that matches dark or light', () => {
      const luminance = relativeLuminance(theme.colors.background);
      if (theme.dark) expect(luminance).toBeLessThan(0.05);
      else expect(luminance).toBeGreaterThan(0.8);
    });

    it('keeps text readable (WCAG AA) on every background tone', () => {
      const { background, surface, surfaceRaised, text, textMuted, accent, accentText } = theme.colors;
      for (const back of [background, surface, surfaceRaised]) {
        expect(contrastRatio(text, back), `text on ${back}`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(textMuted, back), `muted text on ${back}`).toBeGreaterThanOrEqual(3);
      }
      expect(contrastRatio(accentText, accent), 'accent text on accent').toBeGreaterThanOrEqual(4.5);
    });

    it('writes rises and falls as text readable (WCAG AA) on every background tone, selected rows too', () => {
      const { background, surface, surfaceRaised, accent, upText, downText } = theme.colors;
      const tones = [background, surface, surfaceRaised];
      // A selected watchlist row is tinted with 18 % of the accent (app.css).
      for (const back of [...tones, ...tones.map((tone) => mixHex(accent, tone, 0.18))]) {
        expect(contrastRatio(upText, back), `rise text on ${back}`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(downText, back), `fall text on ${back}`).toBeGreaterThanOrEqual(4.5);
      }
    });

    it('writes warnings as text readable (WCAG AA) on every background tone', () => {
      const { background, surface, surfaceRaised, warningText } = theme.colors;
      for (const back of [background, surface, surfaceRaised])
        expect(contrastRatio(warningText, back), `warning text on ${back}`).toBeGreaterThanOrEqual(4.5);
    });

    it('tells up from down: rises green, falls red', () => {
      // Red and green have similar luminance, so hue, not contrast, is what separates them.
      expect(theme.colors.up.toLowerCase()).not.toBe(theme.colors.down.toLowerCase());
      const [upRed = 0, upGreen = 0] = parseHexColor(theme.colors.up) ?? [];
      const [downRed = 0, downGreen = 0] = parseHexColor(theme.colors.down) ?? [];
      expect(upGreen).toBeGreaterThan(upRed);
      expect(downRed).toBeGreaterThan(downGreen);
    });
  });
});

/** Just enough of an element for applyTheme: dataset and an inline style declaration. */
function fakeRoot() {
  const properties = new Map<string, string>();
  const style = {
    colorScheme: '',
    setProperty: (name: string, value: string) => properties.set(name, value),
    removeProperty: (name: string) => {
      properties.delete(name);
      return '';
    },
    getPropertyValue: (name: string) => properties.get(name) ?? '',
  };
  const element = { dataset: {} as Record<string, string>, style };
  return { element, properties, root: element as unknown as HTMLElement };
}

describe('applyTheme', () => {
  it('names colour variables in kebab case', () => {
    expect(colorVariableName('surfaceRaised')).toBe('--color-surface-raised');
    expect(colorVariableName('textMuted')).toBe('--color-text-muted');
    expect(colorVariableName('up')).toBe('--color-up');
  });

  it('sets data-theme, color-scheme and one variable per colour and palette entry', () => {
    const { element, properties, root } = fakeRoot();
    const theme = getTheme('financial-dark');
    applyTheme(theme, root);
    expect(element.dataset.theme).toBe('financial-dark');
    expect(element.style.colorScheme).toBe('dark');
    for (const [name, value] of colorEntries(theme)) {
      expect(properties.get(colorVariableName(name as ThemeColorName))).toBe(value);
    }
    expect(properties.get('--color-surface-raised')).toBe(theme.colors.surfaceRaised);
    theme.palette.forEach((color, index) => {
      expect(properties.get(`--palette-${index}`)).toBe(color);
    });
  });

  it('clears what the previous theme set and the new one does not', () => {
    const { element, properties, root } = fakeRoot();
    applyTheme(getTheme('material'), root); // 10 palette colours, no fills
    applyTheme(getTheme('financial'), root); // 8 palette colours, fills
    applyTheme(getTheme('default'), root); // 8 palette colours, no fills
    expect(element.dataset.theme).toBe('default');
    expect(element.style.colorScheme).toBe('light');
    expect(properties.has('--color-up-fill')).toBe(false);
    expect(properties.has('--color-down-fill')).toBe(false);
    expect(properties.has('--palette-8')).toBe(false);
    expect(properties.has('--palette-9')).toBe(false);
    expect(properties.get('--palette-0')).toBe(getTheme('default').palette[0]);
  });
});

/** `a` over `b` at `share` (0..1), as CSS color-mix in sRGB gives it. */
function mixHex(a: string, b: string, share: number): string {
  const [ar = 0, ag = 0, ab = 0] = parseHexColor(a) ?? [];
  const [br = 0, bg = 0, bb = 0] = parseHexColor(b) ?? [];
  const channel = (x: number, y: number) =>
    Math.round(x * share + y * (1 - share))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}
