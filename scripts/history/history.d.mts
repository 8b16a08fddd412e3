/** Types of history.mjs for the TypeScript tests that start a server with it. */
export function startHistory(options?: {
  port?: number;
  dir?: string;
  trades?: number;
  years?: number;
  reload?: boolean;
  shards?: number;
  log?: (line: string) => void;
}): Promise<{
  base: string;
  dir: string;
  trades: number;
  servers: Array<{ dir: string; httpPort: number; tcpPort: number; base: string }>;
}>;
export function stopHistory(dir: string): Promise<boolean>;
