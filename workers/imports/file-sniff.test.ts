import { describe, expect, it } from 'vitest';
import { sniffFile } from './file-sniff';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffFile', () => {
  it('names well-known binary formats', () => {
    expect(sniffFile(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)).notText).toBe(
      'This file is a PNG image, not CSV text.',
    );
    expect(sniffFile(text('%PDF-1.7\n')).notText).toMatch(/PDF document/);
    expect(sniffFile(bytes(0x50, 0x4b, 0x03, 0x04, 0x14)).notText).toMatch(/ZIP archive .*xlsx/);
    expect(sniffFile(bytes(0x1f, 0x8b, 0x08)).notText).toMatch(/gzip/);
  });

  it('calls anything with zero bytes or many control characters binary', () => {
    expect(sniffFile(bytes(0x61, 0x62, 0x00, 0x63)).notText).toBe(
      'This file is binary, not CSV text: it holds a zero byte at offset 2.',
    );
    const noisy = new Uint8Array(1000).fill(0x41);
    for (let i = 0; i < 50; i++) noisy[i * 20] = 0x02;
    expect(sniffFile(noisy).notText).toMatch(/control characters/);
  });

  it('reads text as UTF-8, UTF-16 by its mark, or Windows-1252 when it is not valid UTF-8', () => {
    expect(sniffFile(text('date,close\n2020-01-02,1\n'))).toEqual({ encoding: 'utf-8', notText: null });
    expect(sniffFile(text('name\tprix\r\nSociété\t1,5\r\n')).encoding).toBe('utf-8');
    expect(sniffFile(bytes(0xff, 0xfe, 0x64, 0x00, 0x61, 0x00)).encoding).toBe('utf-16le');
    expect(sniffFile(bytes(0xfe, 0xff, 0x00, 0x64)).encoding).toBe('utf-16be');
    // "Société" in Latin-1: 0xE9 alone is not UTF-8.
    expect(sniffFile(bytes(0x53, 0x6f, 0x63, 0x69, 0xe9, 0x74, 0xe9, 0x0a)).encoding).toBe('windows-1252');
    // A UTF-8 sequence cut at the end of the sample is still UTF-8.
    expect(sniffFile(bytes(0x61, 0xc3)).encoding).toBe('utf-8');
    expect(sniffFile(new Uint8Array(0))).toEqual({ encoding: 'utf-8', notText: null });
  });
});
