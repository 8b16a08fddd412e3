/**
 * The text of anything thrown, for messages to the user and error responses: an Error's message (its
 * name when the message is empty), a thrown string as it is, anything else as `Unknown error`. Imported
 * by the engine and by every layer of the page, so every failure reads the same way.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : 'Unknown error';
}
