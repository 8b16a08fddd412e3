/** Inline SVG icons (no icon font: nothing to load, nothing to miss). */
const paths = {
  splitRight: 'M3 4h18v16H3z M12 4v16',
  splitDown: 'M3 4h18v16H3z M3 12h18',
  maximize: 'M4 4h7 M4 4v7 M20 20h-7 M20 20v-7 M4 4l6 6 M20 20l-6-6',
  restore: 'M10 4v6H4 M14 20v-6h6 M10 10L4 4 M14 14l6 6',
  close: 'M6 6l12 12 M18 6L6 18',
  undo: 'M9 7L4 12l5 5 M4 12h11a5 5 0 0 1 0 10h-3',
  redo: 'M15 7l5 5-5 5 M20 12H9a5 5 0 0 0 0 10h3',
  grip: 'M9 6h.01 M15 6h.01 M9 12h.01 M15 12h.01 M9 18h.01 M15 18h.01',
  palette: 'M4 5h16v14H4z M7 9l3 3-3 3 M12 15h5',
  keyboard: 'M3 6h18v12H3z M7 10h.01 M11 10h.01 M15 10h.01 M7 14h10',
  plus: 'M12 5v14 M5 12h14',
  minus: 'M5 12h14',
  reset: 'M4 12a8 8 0 1 0 3-6.2 M4 4v5h5',
  menu: 'M4 7h16 M4 12h16 M4 17h16',
  more: 'M6 12h.01 M12 12h.01 M18 12h.01',
  fileImport: 'M14 3H6v18h12V7z M14 3v4h4 M12 10v7 M9 14l3 3 3-3',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'grip' ? 3 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
