/** Types of clickhouse-server.mjs for the TypeScript tests that use it. */
export const READER: string;
export function stopServer(dir: string, graceMs?: number): Promise<boolean>;
export function query(base: string, sql: string, user?: string): Promise<string>;
