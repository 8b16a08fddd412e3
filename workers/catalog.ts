/**
 * What the engine serves, registered in one store: the shipped fixtures (parsed once loaded), the
 * seeded synthetic series and the xy datasets (both generated on first use).
 */

import { symbolName } from '../core/quotes';
import { NYSE } from '../core/sessions/trading-session';
import { parseSpxCsv, parseStocksCsv } from './fixtures/parse-fixtures';
import { SeriesStore } from './series-store';
import { generateSyntheticBars, SYNTHETIC_BARS, SYNTHETIC_START, SYNTHETIC_STEP_SECONDS } from './synthetic';
import { generateScatter, riskReturn, SYNTHETIC_SCATTERS, scatterInfo } from './xy-datasets';

export function buildCatalog(spxText: string, stocksText: string): SeriesStore {
  const store = new SeriesStore();
  const spx = parseSpxCsv(spxText);
  // The shipped symbols trade on the NYSE; the simulated intraday ones keep its hours too, though they
  // tick around the clock, so that their charts can shade or hide out-of-session bars.
  store.addSeries({ kind: 'bars', series: spx }, symbolName(spx.symbol), NYSE);
  const stocks = parseStocksCsv(stocksText);
  for (const series of stocks) store.addSeries({ kind: 'line', series }, symbolName(series.symbol), NYSE);

  for (const spec of SYNTHETIC_BARS) {
    store.registerSeries(
      {
        symbol: spec.symbol,
        name: spec.name,
        kind: 'bars',
        first: SYNTHETIC_START,
        last: SYNTHETIC_START + (spec.count - 1) * SYNTHETIC_STEP_SECONDS,
        count: spec.count,
        synthetic: true,
        session: NYSE,
        // Simulated intraday series move live; the shipped history (SPX 2000-2020) stays as it was.
        live: true,
      },
      () => ({
        kind: 'bars',
        series: generateSyntheticBars({ count: spec.count, seed: spec.seed, symbol: spec.symbol }),
      }),
    );
  }

  const shipped = [
    { symbol: spx.symbol, time: spx.time, close: spx.close, isIndex: true },
    ...stocks.map((s) => ({ symbol: s.symbol, time: s.time, close: s.value, isIndex: false })),
  ];
  const risk = riskReturn(shipped);
  store.registerDataset(risk.info, () => risk.data);
  for (const spec of SYNTHETIC_SCATTERS) {
    store.registerDataset(scatterInfo(spec), () => generateScatter(spec.count, spec.seed));
  }
  return store;
}
