import { resolve } from 'node:path';

/**
 * The ClickHouse server of e2e runs (Debian's clickhouse-server with a small generated market),
 * started by playwright.config.ts beside the app and stopped with it; the e2e build's history
 * source points here (e2e/fixtures/feeds.e2e.json). Per app port, so runs on other ports do not meet.
 */
export const HISTORY_PORT = Number(process.env.E2E_PORT ?? 4173) + 2100;
export const HISTORY_BASE = `http://127.0.0.1:${HISTORY_PORT}`;
/** Where its data and pid live (git-ignored). */
export const HISTORY_DIR = resolve(`.e2e-history/${HISTORY_PORT}`);
/** Trades of the e2e market: 20,000 a symbol over five years, loaded in about a second. */
export const HISTORY_TRADES = 400_000;
