#!/usr/bin/env node
// @ts-check
/**
 * `npm run feed -- <file> [--speed N] [--port P] [--loop] [--from S]`: replays a recorded Binance
 * stream file (scripts/feed/replay-server.mjs) on ws://127.0.0.1:<port>/stream until stopped.
 *   --speed N   N times real speed (default 1)
 *   --port P    the port to listen on (default 9443, Binance's; 0 for any free port)
 *   --loop      start again at the end, times and trade ids moving on
 *   --from S    start S seconds into the recording
 *   --first-id N  number each symbol's trades from N (a server that began a new session, its
 *               sequence begun anew)
 *   --wait-for-subscriber  start the recording when the first client subscribes to a stream
 *   --history-days D  days of synthetic one-minute klines before the recording (default 90), which
 *               `GET http://127.0.0.1:<port>/api/v3/klines` serves with the klines of what was played
 */
import { parseArgs } from 'node:util';
import { startReplayServer } from './replay-server.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    speed: { type: 'string', default: '1' },
    port: { type: 'string', default: '9443' },
    loop: { type: 'boolean', default: false },
    from: { type: 'string', default: '0' },
    'first-id': { type: 'string' },
    'wait-for-subscriber': { type: 'boolean', default: false },
    'history-days': { type: 'string', default: '90' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const file = positionals[0];
if (values.help || !file) {
  console.log(
    'usage: npm run feed -- <recording.jsonl> [--speed N] [--port P] [--loop] [--from S] [--first-id N] [--wait-for-subscriber] [--history-days D]',
  );
  process.exit(values.help ? 0 : 1);
}

const numberOf = (name, text) => {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} takes a number, not '${text}'`);
    process.exit(1);
  }
  return value;
};

try {
  const server = await startReplayServer({
    file,
    speed: numberOf('speed', values.speed),
    port: numberOf('port', values.port),
    from: numberOf('from', values.from),
    loop: values.loop,
    waitForSubscriber: values['wait-for-subscriber'],
    historyDays: numberOf('history-days', values['history-days']),
    ...(values['first-id'] === undefined ? {} : { firstId: numberOf('first-id', values['first-id']) }),
  });
  console.log(
    `Replaying ${file}: ${server.messages} messages, ${Math.round(server.durationMs / 1000)} s at ${values.speed}x${values.loop ? ', looping' : ''}`,
  );
  console.log(`Binance klines history at ${server.restUrl}/api/v3/klines`);
  // The e2e tests wait for this line.
  console.log(`listening on ${server.url}`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await server.done;
  if (!values.loop) console.log('End of the recording; connections stay open (Ctrl+C to stop).');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
