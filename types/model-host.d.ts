/**
 * The few globals that every host of the document model has (the browser, a worker, Node in tests)
 * but that the ECMAScript library does not declare. Only tsconfig.model.json includes this file.
 */
type TimerHandle = number;
declare function setTimeout(handler: () => void, ms?: number): TimerHandle;
declare function clearTimeout(handle: TimerHandle | undefined): void;
interface Console {
  warn(...data: unknown[]): void;
}
declare var console: Console;
