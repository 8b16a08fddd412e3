/** Formats tinykeys binding strings for people: `$mod+Shift+z` -> `Ctrl+Shift+Z` (or `⌘⇧Z` on macOS). */
const isMac = typeof navigator === 'object' && /Mac|iPhone|iPad/.test(navigator.platform);

const KEY_NAMES: Record<string, string> = {
  arrowleft: '←',
  arrowright: '→',
  arrowup: '↑',
  arrowdown: '↓',
  escape: 'Esc',
  delete: 'Del',
  ' ': 'Space',
  enter: 'Enter',
  home: 'Home',
  end: 'End',
  equal: '=',
  minus: '-',
};

const MAC_MODS: Record<string, string> = { $mod: '⌘', Meta: '⌘', Control: '⌃', Alt: '⌥', Shift: '⇧' };
const PC_MODS: Record<string, string> = {
  $mod: 'Ctrl',
  Meta: 'Meta',
  Control: 'Ctrl',
  Alt: 'Alt',
  Shift: 'Shift',
};

export function formatKey(binding: string, mac = isMac): string {
  const parts = binding.split(/\b\+/);
  const key = parts.pop() ?? '';
  const keyName =
    KEY_NAMES[key.toLowerCase()] ?? (key.length === 1 ? key.toUpperCase() : key.replace(/^Key/, ''));
  const mods = parts.map((m) => (mac ? MAC_MODS[m] : PC_MODS[m]) ?? m);
  return mac ? [...mods, keyName].join('') : [...mods, keyName].join('+');
}

/** A canonical form used to find two commands bound to the same key. */
export function canonicalKey(binding: string): string {
  const parts = binding.split(/\b\+/);
  const key = (parts.pop() ?? '').toLowerCase().replace(/^key(?=[a-z]$)/, '');
  const mods = parts.map((m) => (m === '$mod' ? 'control' : m.toLowerCase())).sort();
  return [...mods, key].join('+');
}

/**
 * A command's keys as people read them: formatted, without repeats, and without the `Shift+` variant
 * of a symbol also bound on its own (`+` and `Shift++` are one key press on a US keyboard, bound twice
 * only because keyboards differ on whether `+` needs Shift).
 */
export function shownKeys(keys: readonly string[], mac = isMac): string[] {
  const plain = new Set(keys.filter((k) => k.length === 1));
  const shown: string[] = [];
  for (const key of keys) {
    const symbol = key.startsWith('Shift+') ? key.slice('Shift+'.length) : null;
    if (symbol !== null && symbol.length === 1 && !/[a-z0-9]/i.test(symbol) && plain.has(symbol)) continue;
    const text = formatKey(key, mac);
    if (!shown.includes(text)) shown.push(text);
  }
  return shown;
}
