import { useMemo } from 'react';
import { useSession } from '../session/session-context';
import { forcedColorsTheme } from './forced-colors';
import type { Theme } from './theme';
import { getTheme } from './themes';

/** The theme canvases are drawn in: the workspace theme, or its forced-colours version. */
export function displayTheme(themeId: string, forced: Parameters<typeof forcedColorsTheme>[1] | null): Theme {
  const theme = getTheme(themeId);
  return forced ? forcedColorsTheme(theme, forced) : theme;
}

export function useDisplayTheme(themeId: string): Theme {
  const forced = useSession((s) => s.forcedColors);
  // One object per theme and colours, so effects that take the theme run when it changes only.
  return useMemo(() => displayTheme(themeId, forced), [themeId, forced]);
}
