/** Browser file plumbing: download a text file or a blob, and ask the user for one. */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Inputs whose picker is open. A detached input that nothing references can be garbage collected while
 * the system picker is up, and then the chosen file never arrives: each is held here until it settles.
 */
const openPickers = new Set<HTMLInputElement>();

/** Opens the system file picker; resolves with the chosen file, or null when the user cancels. */
export function pickFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    const settle = (file: File | null) => {
      openPickers.delete(input);
      resolve(file);
    };
    input.addEventListener('change', () => settle(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => settle(null), { once: true });
    openPickers.add(input);
    input.click();
  });
}

/** `2026-11-22T03-07-44` — safe in file names on every system. */
export function fileStamp(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace(/:/g, '-');
}
