import type { Theme, ThemeId } from './theme';

/*
 * The 12 themes of the product specification. Each light theme has a dark twin whose id ends in
 * `-dark`; the twin keeps the family's hue identity but lifts series colours so they stay readable
 * on a dark background. Contrast rules (text >= 4.5:1, muted text >= 3:1) are enforced by the tests.
 */

const DEFAULT: Theme = {
  id: 'default',
  name: 'Default',
  dark: false,
  colors: {
    background: '#ffffff',
    surface: '#f5f7fa',
    surfaceRaised: '#ffffff',
    border: '#d5dae1',
    text: '#1c2127',
    textMuted: '#5c6773',
    accent: '#2b66c9',
    accentText: '#ffffff',
    focus: '#2b66c9',
    grid: '#e8ebef',
    crosshair: '#7a8591',
    up: '#2e9e6a',
    down: '#d9434f',
    upText: '#1f6a48',
    downText: '#b52530',
    warning: '#c27c0e',
    danger: '#d13440',
  },
  palette: ['#5090dc', '#ffa03a', '#459d55', '#34bfe1', '#e1cc00', '#9669cb', '#b5b5b5', '#bd5aa7'],
};

const DEFAULT_DARK: Theme = {
  id: 'default-dark',
  name: 'Default Dark',
  dark: true,
  colors: {
    background: '#15181d',
    surface: '#1d2127',
    surfaceRaised: '#262b33',
    border: '#363c46',
    text: '#e6e9ed',
    textMuted: '#9aa4b1',
    accent: '#5b9cf0',
    accentText: '#0b1220',
    focus: '#6aa8ff',
    grid: '#262b33',
    crosshair: '#8a94a1',
    up: '#3fbf86',
    down: '#f0616d',
    upText: '#42c188',
    downText: '#f49098',
    warning: '#e5a53a',
    danger: '#f0616d',
  },
  palette: ['#5c9ded', '#ffad52', '#55b567', '#48c9e8', '#ecd925', '#a47fd6', '#c4c4c4', '#cf6fbb'],
};

// Spreadsheet look: the grey chrome, green accent and series colours of common spreadsheet charts.
const SHEETS: Theme = {
  id: 'sheets',
  name: 'Sheets',
  dark: false,
  colors: {
    background: '#ffffff',
    surface: '#f8f9fa',
    surfaceRaised: '#ffffff',
    border: '#dadce0',
    text: '#202124',
    textMuted: '#5f6368',
    accent: '#188038',
    accentText: '#ffffff',
    focus: '#1a73e8',
    grid: '#e2e3e3',
    crosshair: '#80868b',
    up: '#188038',
    down: '#d93025',
    upText: '#156f30',
    downText: '#b6281f',
    warning: '#e37400',
    danger: '#d93025',
  },
  palette: ['#4285f4', '#ea4335', '#fbbc04', '#34a853', '#ff6d01', '#46bdc6', '#7baaf7', '#f07b72'],
};

const SHEETS_DARK: Theme = {
  id: 'sheets-dark',
  name: 'Sheets Dark',
  dark: true,
  colors: {
    background: '#1e1f20',
    surface: '#28292a',
    surfaceRaised: '#333537',
    border: '#444746',
    text: '#e3e3e3',
    textMuted: '#a8abaf',
    accent: '#6dd58c',
    accentText: '#0a2912',
    focus: '#8ab4f8',
    grid: '#2f3133',
    crosshair: '#9aa0a6',
    up: '#6dd58c',
    down: '#f28b82',
    upText: '#6dd58c',
    downText: '#f6b2ac',
    warning: '#fdd663',
    danger: '#f28b82',
  },
  palette: ['#8ab4f8', '#f28b82', '#fdd663', '#81c995', '#fcad70', '#78d9ec', '#c58af9', '#ff8bcb'],
};

// The palette walks the hue wheel in order, so adjacent series read as a gradient.
const POLYCHROMA: Theme = {
  id: 'polychroma',
  name: 'Polychroma',
  dark: false,
  colors: {
    background: '#fdfcff',
    surface: '#f5f3fa',
    surfaceRaised: '#ffffff',
    border: '#dcd7e8',
    text: '#1f1a2e',
    textMuted: '#625a75',
    accent: '#6a3fd0',
    accentText: '#ffffff',
    focus: '#6a3fd0',
    grid: '#ebe7f3',
    crosshair: '#7d7590',
    up: '#17a589',
    down: '#e5484d',
    upText: '#0e6655',
    downText: '#b71a1f',
    warning: '#c77700',
    danger: '#d13b40',
  },
  palette: [
    '#5b3fc4',
    '#2f6fd6',
    '#1e9bd7',
    '#17a589',
    '#6ab04c',
    '#d4a017',
    '#ef7d22',
    '#e5484d',
    '#c2388f',
  ],
};

const POLYCHROMA_DARK: Theme = {
  id: 'polychroma-dark',
  name: 'Polychroma Dark',
  dark: true,
  colors: {
    background: '#17141f',
    surface: '#201c2b',
    surfaceRaised: '#2a2538',
    border: '#3b3450',
    text: '#ece8f6',
    textMuted: '#a59dba',
    accent: '#a98bff',
    accentText: '#160e2e',
    focus: '#b9a0ff',
    grid: '#2a2538',
    crosshair: '#8e86a3',
    up: '#3ddbb0',
    down: '#ff6b7a',
    upText: '#3ddbb0',
    downText: '#ff8591',
    warning: '#f2c94c',
    danger: '#ff6b7a',
  },
  palette: [
    '#8f7aff',
    '#5c9dff',
    '#3dc4f2',
    '#3ddbb0',
    '#8fd65a',
    '#f2c94c',
    '#ff9f43',
    '#ff6b7a',
    '#f062c0',
  ],
};

const VIVID: Theme = {
  id: 'vivid',
  name: 'Vivid',
  dark: false,
  colors: {
    background: '#ffffff',
    surface: '#f4f6fb',
    surfaceRaised: '#ffffff',
    border: '#cfd6e4',
    text: '#0e1526',
    textMuted: '#4e5a72',
    accent: '#0060d6',
    accentText: '#ffffff',
    focus: '#0060d6',
    grid: '#e6eaf2',
    crosshair: '#5f6b85',
    up: '#00a33a',
    down: '#f01e4e',
    upText: '#006b26',
    downText: '#bb0d35',
    warning: '#e08a00',
    danger: '#e0103f',
  },
  palette: ['#0083ff', '#ff7300', '#00b341', '#ff1f5a', '#8a2be2', '#00c2c7', '#ffc400', '#ff3dd1'],
};

const VIVID_DARK: Theme = {
  id: 'vivid-dark',
  name: 'Vivid Dark',
  dark: true,
  colors: {
    background: '#0b0f1a',
    surface: '#131929',
    surfaceRaised: '#1b2338',
    border: '#2c3650',
    text: '#f2f5fb',
    textMuted: '#9aa6bf',
    accent: '#2e9bff',
    accentText: '#04101f',
    focus: '#52b0ff',
    grid: '#1b2338',
    crosshair: '#7d89a3',
    up: '#1fe06a',
    down: '#ff3d6e',
    upText: '#1fe06a',
    downText: '#ff7a9c',
    warning: '#ffc21f',
    danger: '#ff3d6e',
  },
  palette: ['#2e9bff', '#ff8a1f', '#1fd65f', '#ff3d6e', '#a75cff', '#1fe0e6', '#ffd21f', '#ff5ce0'],
};

// Material Design: 500-weight series colours on light, 300-weight on dark (as Material advises).
const MATERIAL: Theme = {
  id: 'material',
  name: 'Material',
  dark: false,
  colors: {
    background: '#fafafa',
    surface: '#f5f5f5',
    surfaceRaised: '#ffffff',
    border: '#e0e0e0',
    text: '#212121',
    textMuted: '#616161',
    accent: '#3f51b5',
    accentText: '#ffffff',
    focus: '#3f51b5',
    grid: '#eeeeee',
    crosshair: '#9e9e9e',
    up: '#43a047',
    down: '#e53935',
    upText: '#2b662d',
    downText: '#b61b18',
    warning: '#fb8c00',
    danger: '#e53935',
  },
  palette: [
    '#2196f3',
    '#f44336',
    '#4caf50',
    '#ff9800',
    '#9c27b0',
    '#00bcd4',
    '#ffc107',
    '#e91e63',
    '#3f51b5',
    '#8bc34a',
  ],
};

const MATERIAL_DARK: Theme = {
  id: 'material-dark',
  name: 'Material Dark',
  dark: true,
  colors: {
    background: '#121212',
    surface: '#1e1e1e',
    surfaceRaised: '#2c2c2c',
    border: '#3d3d3d',
    text: '#e3e3e3',
    textMuted: '#a0a0a0',
    accent: '#9fa8da',
    accentText: '#121212',
    focus: '#9fa8da',
    grid: '#2a2a2a',
    crosshair: '#8a8a8a',
    up: '#66bb6a',
    down: '#ef5350',
    upText: '#78c37b',
    downText: '#f59896',
    warning: '#ffb74d',
    danger: '#ef5350',
  },
  palette: [
    '#64b5f6',
    '#e57373',
    '#81c784',
    '#ffb74d',
    '#ba68c8',
    '#4dd0e1',
    '#ffd54f',
    '#f06292',
    '#7986cb',
    '#aed581',
  ],
};

// Classic terminal colours: pure green/red movement, amber focus, tinted candle bodies for volume.
const FINANCIAL: Theme = {
  id: 'financial',
  name: 'Financial',
  dark: false,
  colors: {
    background: '#fbfbf7',
    surface: '#f2f2ec',
    surfaceRaised: '#ffffff',
    border: '#cfcfc4',
    text: '#111111',
    textMuted: '#55554d',
    accent: '#0a5c36',
    accentText: '#ffffff',
    focus: '#d97a00',
    grid: '#e7e7df',
    crosshair: '#6f6f66',
    up: '#008f39',
    down: '#d0021b',
    upText: '#006729',
    downText: '#b70218',
    upFill: '#c9ecd5',
    downFill: '#f7c9cf',
    warning: '#b36b00',
    danger: '#d0021b',
  },
  palette: ['#008f39', '#d0021b', '#1f5fbf', '#d97a00', '#6b3fa0', '#00838f', '#8d6e00', '#c2185b'],
};

const FINANCIAL_DARK: Theme = {
  id: 'financial-dark',
  name: 'Financial Dark',
  dark: true,
  colors: {
    background: '#050607',
    surface: '#0e1012',
    surfaceRaised: '#171a1d',
    border: '#2a2f34',
    text: '#f5f5f0',
    textMuted: '#a3a39a',
    accent: '#fb8b1e',
    accentText: '#000000',
    focus: '#fb8b1e',
    grid: '#1a1d20',
    crosshair: '#7a7f85',
    up: '#00d26a',
    down: '#ff3b3b',
    upText: '#00d26a',
    downText: '#ff6e6e',
    upFill: '#0d3b22',
    downFill: '#4a1414',
    warning: '#ffd400',
    danger: '#ff3b3b',
  },
  palette: ['#00d26a', '#ff3b3b', '#4aa3ff', '#fb8b1e', '#b57bff', '#1fd1d1', '#ffd400', '#ff5fa2'],
};

/** In menu order: each light theme followed by its dark twin. */
export const THEMES: readonly Theme[] = [
  DEFAULT,
  DEFAULT_DARK,
  SHEETS,
  SHEETS_DARK,
  POLYCHROMA,
  POLYCHROMA_DARK,
  VIVID,
  VIVID_DARK,
  MATERIAL,
  MATERIAL_DARK,
  FINANCIAL,
  FINANCIAL_DARK,
];

export { DEFAULT_THEME_ID, THEME_IDS } from '../state/workspace-document';

const THEMES_BY_ID = new Map<string, Theme>(THEMES.map((theme) => [theme.id, theme]));

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && THEMES_BY_ID.has(value);
}

/** The theme with this id; an unknown id (stale or hand-edited data) falls back to the default theme. */
export function getTheme(id: string): Theme {
  return THEMES_BY_ID.get(id) ?? DEFAULT;
}
