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
