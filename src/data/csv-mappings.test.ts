import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../test/memory-storage';
import { CSV_MAPPINGS_KEY, rememberedMappings, rememberMapping } from './csv-mappings';

describe('remembered CSV mappings', () => {
  it('keeps the latest mapping per shape and drops what storage holds that is not a mapping', () => {
    const storage = new MemoryStorage();
    expect(rememberedMappings(storage)).toEqual({});
    rememberMapping(storage, 'a', { delimiter: ';' });
    rememberMapping(storage, 'b', { hasHeader: false });
    rememberMapping(storage, 'a', { delimiter: '|' });
    expect(rememberedMappings(storage)).toEqual({ b: { hasHeader: false }, a: { delimiter: '|' } });
    storage.setItem(CSV_MAPPINGS_KEY, JSON.stringify({ a: { delimiter: 7 }, b: { hasHeader: true } }));
    expect(rememberedMappings(storage)).toEqual({ b: { hasHeader: true } });
    storage.setItem(CSV_MAPPINGS_KEY, '{not json');
    expect(rememberedMappings(storage)).toEqual({});
  });

  it('never fails an import on a full storage', () => {
    const storage = new MemoryStorage(10);
    expect(() => rememberMapping(storage, 'a', { delimiter: ';' })).not.toThrow();
    expect(rememberedMappings(storage)).toEqual({});
  });
});
