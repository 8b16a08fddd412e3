import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { forcedColorsTheme } from './forced-colors';
import { getTheme } from './themes';

const HIGH_CONTRAST_BLACK = {
  canvas: '#000000',
  canvasText: '#ffffff',
  grayText: '#3ff23f',
  highlight: '#1aebff',
  highlightText: '#000000',
  linkText: '#ffff00',
  buttonBorder: '#ffffff',
};

describe('forcedColorsTheme', () => {
  it('draws the chrome in the system colours and keeps the series palette', () => {
    const base = getTheme('vivid');
    const forced = forcedColorsTheme(base, HIGH_CONTRAST_BLACK);
    expect(forced.colors.surface).toBe('#000000');
    expect(forced.colors.background).toBe('#000000');
    expect(forced.colors.text).toBe('#ffffff');
    expect(forced.colors.grid).toBe('#3ff23f');
    expect(forced.palette).toEqual(base.palette);
    expect(forced.id).toBe('vivid');
  });

  it('tells rises from falls and keeps every text colour as readable as the system scheme', () => {
    const { colors } = forcedColorsTheme(getTheme('default'), HIGH_CONTRAST_BLACK);
    expect(colors.up).not.toBe(colors.down);
    for (const text of [colors.text, colors.textMuted, colors.upText, colors.downText, colors.warningText]) {
      expect(contrastRatio(text, colors.surface)).toBeGreaterThanOrEqual(
        contrastRatio(HIGH_CONTRAST_BLACK.linkText, HIGH_CONTRAST_BLACK.canvas) - 1e-9,
      );
    }
  });
});
