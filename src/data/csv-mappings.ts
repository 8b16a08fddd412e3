/**
 * How the user corrected the reading of a file (delimiter, header, columns, date order), remembered
 * in this browser per file shape, so the next export from the same platform is read their way.
 */

import type { CsvMapping } from '../../core/csv-import/types';
import { isCsvMapping } from '../../core/engine-args';
import type { StorageLike } from '../state/persistence';

export const CSV_MAPPINGS_KEY = 'workstation.csv-mappings';
/** Shapes remembered at most; the oldest is forgotten first. */
const MAX_SHAPES = 50;

/** The remembered mappings, by shape key; anything unreadable in storage is left out. */
export function rememberedMappings(storage: StorageLike): Record<string, CsvMapping> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CSV_MAPPINGS_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, mapping]) => isCsvMapping(mapping)));
  } catch {
    return {};
  }
}

/** Remembers `mapping` for files of `shapeKey`; storage that cannot take it is no reason to fail an import. */
export function rememberMapping(storage: StorageLike, shapeKey: string, mapping: CsvMapping): void {
  if (shapeKey === '') return;
  const { [shapeKey]: _previous, ...others } = rememberedMappings(storage);
  const kept = Object.entries(others).slice(-(MAX_SHAPES - 1));
  try {
    storage.setItem(CSV_MAPPINGS_KEY, JSON.stringify(Object.fromEntries([...kept, [shapeKey, mapping]])));
  } catch {
    // Full storage: the mapping applies to this import only.
  }
}
