// The bench pages are built by their own Vite config: every build flag the app's code reads
// (types/build-flags.d.ts) must be defined there too, or a page's worker throws at startup and the
// workloads that use the data engine time out ("Data engine worker keeps crashing").
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const read = (path) => readFileSync(new URL(path, import.meta.url), 'utf8');

test('the bench build defines every build flag the app declares', () => {
  const declared = [...read('../types/build-flags.d.ts').matchAll(/declare const (\w+)/g)].map((m) => m[1]);
  assert.ok(declared.length >= 2, 'types/build-flags.d.ts declares the flags');
  const config = read('./vite.config.ts');
  const define = /define:\s*\{([^}]*)\}/.exec(config)?.[1] ?? '';
  for (const flag of declared) assert.match(define, new RegExp(`\\b${flag}\\b`), `${flag} is not defined`);
});
