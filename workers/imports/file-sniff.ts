/**
 * A look at the first bytes of a file before it is decoded: which text encoding it uses, or why it
 * is not text at all (an image, an archive, a spreadsheet workbook...), so that such a file gets a
 * message instead of pages of nonsense rows.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface SniffResult {
  encoding: TextEncodingName;
  /** Why the file cannot be CSV text, as a sentence; null when it looks like text. */
  notText: string | null;
}

/** Bytes worth reading for the sniff: enough for any signature and a fair sample of text. */
export const SNIFF_BYTES = 64 * 1024;

interface Signature {
  bytes: readonly (number | null)[];
  what: string;
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** Well-known file signatures (null matches any byte). */
const SIGNATURES: readonly Signature[] = [
  { bytes: [0x89, ...ascii('PNG')], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: ascii('GIF8'), what: 'a GIF image' },
  { bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')], what: 'a WebP image' },
  { bytes: ascii('%PDF'), what: 'a PDF document' },
  { bytes: [...ascii('PK'), 0x03, 0x04], what: 'a ZIP archive (an Excel .xlsx workbook is one)' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], what: 'an Office document (an old .xls?)' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
  { bytes: [0x7f, ...ascii('ELF')], what: 'a program' },
  { bytes: ascii('SQLite format 3'), what: 'an SQLite database' },
];

const matches = (head: Uint8Array, signature: Signature): boolean =>
  head.length >= signature.bytes.length &&
  signature.bytes.every((byte, i) => byte === null || head[i] === byte);

/** Control characters (other than tab, line feed, form feed, carriage return, escape) per byte. */
const MAX_CONTROL_SHARE = 0.01;

export function sniffFile(head: Uint8Array): SniffResult {
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', notText: null };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', notText: null };
  for (const signature of SIGNATURES) {
    if (matches(head, signature)) {
      return { encoding: 'utf-8', notText: `This file is ${signature.what}, not CSV text.` };
    }
  }
  let controls = 0;
  for (let i = 0; i < head.length; i++) {
    const byte = head[i] as number;
    if (byte === 0) {
      return {
        encoding: 'utf-8',
        notText: `This file is binary, not CSV text: it holds a zero byte at offset ${i}.`,
      };
    }
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) {
      controls++;
    }
  }
  if (head.length > 0 && controls / head.length > MAX_CONTROL_SHARE) {
    return {
      encoding: 'utf-8',
      notText: 'This file is binary, not CSV text: it is full of control characters.',
    };
  }
  return { encoding: isUtf8(head) ? 'utf-8' : 'windows-1252', notText: null };
}

/** Whether the bytes are valid UTF-8, allowing a sequence cut at the end of the sample. */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}
