/**
 * The history sources a build can read, one row per adapter (each adapter is a folder here).
 */
import type { SourceConfig } from '../../core/feed/feed-config';
import { ClickHouseSource } from './clickhouse/clickhouse-source';
import type { HistorySource } from './history-source';

const ADAPTERS: Record<
  SourceConfig['adapter'],
  (config: SourceConfig, fetchFn: typeof fetch) => HistorySource
> = {
  clickhouse: (config, fetchFn) => new ClickHouseSource(config, fetchFn),
};

/** The configured sources; none where the engine cannot fetch (Node tests without a fetch). */
export function createSources(
  configs: readonly SourceConfig[],
  fetchFn: typeof fetch | null,
): HistorySource[] {
  if (!fetchFn) return [];
  return configs.map((config) => ADAPTERS[config.adapter](config, fetchFn));
}
