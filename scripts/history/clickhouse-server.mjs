/**
 * Debian's `clickhouse-server` run by this checkout: installed when missing (as the tests install
 * Chromium), configured in a folder of its own (data, logs, pid), listening on loopback only, and
 * queried over its HTTP interface as the workstation is. Node built-ins only.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SERVER_BINARY = '/usr/sbin/clickhouse-server';

/** The read-only user the workstation connects as: it may read `market` and set its own limits. */
export const READER = 'workstation';

/** Installs Debian's package when the binary is missing; throws with what to do when that fails. */
export function ensureInstalled(log = console.log) {
  if (existsSync(SERVER_BINARY)) return;
  log("Installing Debian's clickhouse-server...");
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'clickhouse-server'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (error) {
    throw new Error(
      `could not install clickhouse-server (run: apt-get install clickhouse-server): ${error.message}`,
    );
  }
  // The package starts a system-wide server where it may; ours is the one in the folder.
}

const xmlText = (value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The server's configuration: loopback only, everything under `dir`, UTC, and the two users:
 * `default` (loads the data; loopback only) and the read-only `workstation`, whose answers carry
 * CORS headers so a page may read them (18.16 answers no preflight: requests stay "simple").
 * `shards`: the native ports of the servers of the cluster `desk` a Distributed table spans.
 */
export function serverConfig({ dir, httpPort, tcpPort, shards = [] }) {
  const cluster =
    shards.length === 0
      ? ''
      : `  <remote_servers>
    <desk>
${shards.map((port) => `      <shard><replica><host>127.0.0.1</host><port>${port}</port></replica></shard>`).join('\n')}
    </desk>
  </remote_servers>
`;
  return `<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>${xmlText(join(dir, 'log', 'server.log'))}</log>
    <errorlog>${xmlText(join(dir, 'log', 'error.log'))}</errorlog>
    <size>10M</size>
    <count>2</count>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${httpPort}</http_port>
  <tcp_port>${tcpPort}</tcp_port>
  <path>${xmlText(join(dir, 'data'))}/</path>
  <tmp_path>${xmlText(join(dir, 'tmp'))}/</tmp_path>
  <user_files_path>${xmlText(join(dir, 'user_files'))}/</user_files_path>
  <format_schema_path>${xmlText(join(dir, 'format_schemas'))}/</format_schema_path>
  <users_config>users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>268435456</mark_cache_size>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <max_concurrent_queries>32</max_concurrent_queries>
  <keep_alive_timeout>10</keep_alive_timeout>
${cluster}</yandex>
`;
}

export function usersConfig() {
  const loopback = '<networks><ip>127.0.0.1</ip><ip>::1</ip></networks>';
  return `<?xml version="1.0"?>
<yandex>
  <profiles>
    <default>
      <max_memory_usage>4000000000</max_memory_usage>
    </default>
    <reader>
      <readonly>2</readonly>
      <add_http_cors_header>1</add_http_cors_header>
      <max_execution_time>30</max_execution_time>
      <max_result_rows>2000000</max_result_rows>
      <max_memory_usage>2000000000</max_memory_usage>
    </reader>
  </profiles>
  <users>
    <default>
      <password></password>
      ${loopback}
      <profile>default</profile>
      <quota>default</quota>
    </default>
    <${READER}>
      <password></password>
      ${loopback}
      <profile>reader</profile>
      <quota>default</quota>
      <allow_databases><database>market</database></allow_databases>
    </${READER}>
  </users>
  <quotas>
    <default>
      <interval>
        <duration>3600</duration>
        <queries>0</queries>
        <errors>0</errors>
        <result_rows>0</result_rows>
        <read_rows>0</read_rows>
        <execution_time>0</execution_time>
      </interval>
    </default>
  </quotas>
</yandex>
`;
}

/** Writes the configuration into `dir` (created), keeping any data already there. */
export function writeServerFiles(options) {
  const dir = resolve(options.dir);
  for (const sub of ['data', 'tmp', 'log', 'user_files', 'format_schemas'])
    mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'config.xml'), serverConfig({ ...options, dir }));
  writeFileSync(join(dir, 'users.xml'), usersConfig());
  return dir;
}

export const pidFile = (dir) => join(dir, 'server.pid');

/** The pid of a server this folder started that still runs, or null. */
export function runningPid(dir) {
  if (!existsSync(pidFile(dir))) return null;
  const pid = Number(readFileSync(pidFile(dir), 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Starts the server of `dir` in the background (its output in `dir/log/stdout.log`); returns its pid. */
export function startServer(dir) {
  const out = openSync(join(dir, 'log', 'stdout.log'), 'a');
  const child = spawn(SERVER_BINARY, [`--config-file=${join(dir, 'config.xml')}`], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.unref();
  writeFileSync(pidFile(dir), String(child.pid));
  return child.pid;
}

/** Stops the server of `dir` by its pid (TERM, then KILL after `graceMs`); true when one was running. */
export async function stopServer(dir, graceMs = 10_000) {
  const pid = runningPid(dir);
  if (pid === null) return false;
  process.kill(pid, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    if (runningPid(dir) === null) break;
  }
  if (runningPid(dir) !== null) process.kill(pid, 'SIGKILL');
  rmSync(pidFile(dir), { force: true });
  return true;
}

/** Waits until the server answers `/ping` (throws with its log's tail after `timeoutMs`). */
export async function waitReady(base, dir, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${base}/ping`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) {
      let tail = '';
      try {
        tail = readFileSync(join(dir, 'log', 'error.log'), 'utf8')
          .split('\n')
          .slice(-8)
          .join('\n');
      } catch {}
      throw new Error(`clickhouse-server did not answer on ${base} within ${timeoutMs / 1000} s\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs one statement as `default` over HTTP; returns the answer's text, throws the server's message. */
export async function query(base, sql, user = 'default') {
  const response = await fetch(`${base}/?user=${encodeURIComponent(user)}`, { method: 'POST', body: sql });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`ClickHouse ${response.status}: ${text.trim()}\nin: ${sql.slice(0, 300)}`);
  return text;
}
