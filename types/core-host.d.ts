/**
 * The host objects core uses that every place it runs has (the page, the worker, Node in the tests
 * and in vite.config.ts) but the ECMAScript library does not declare; only the parts core reads.
 * Only tsconfig.core.json includes this file: the app and worker configs check the same code
 * against the full declarations.
 */
interface Blob {
  readonly size: number;
  readonly type: string;
}
declare var Blob: { prototype: Blob; new (parts?: readonly unknown[], options?: { type?: string }): Blob };

interface URL {
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly host: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly origin: string;
}
declare var URL: { prototype: URL; new (url: string, base?: string): URL };
