import * as v from 'valibot';
import { errorMessage, storageErrorMessage } from '../../core/error-message';
import { type MigrationResult, migrateDocument, newerVersionProblem } from './migrations';
import { DOCUMENT_VERSION, type WorkspaceDocument } from './workspace-document';

/*
 * Saving and restoring workspaces in Web Storage, plus the file format of Export/Import workspace.
 * Two promises to the user shape this module: what they had is never silently lost (an unreadable
 * document is copied aside before anything can replace it), and a document written by a newer
 * version is never overwritten by this one.
 */

/** The part of `Storage` used here, so tests can pass a Map-backed fake. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

export const WORKSPACE_KEY = 'workstation.workspace';
export const BACKUP_KEY_PREFIX = 'workstation.workspace.backup.';
/** Backups of unreadable workspaces kept at most; the oldest goes when a new one is made. */
export const MAX_BACKUPS = 3;
export const NAMED_KEY_PREFIX = 'workstation.named.';
export const MAX_WORKSPACE_NAME_LENGTH = 60;

/**
 * The current workspace is stored with the revision it was saved as and the tab that saved it, so
 * tabs of one workspace can tell a newer save from one they have seen (src/state/workspace-sync.ts).
 * Export files and named workspaces hold the bare document.
 */
export const SAVED_FORMAT = 'workstation.saved-workspace';

export interface StoredWorkspace {
  /** 0 for storage written before revisions existed, or unreadable. */
  revision: number;
  /** The tab that wrote it; null when unknown. */
  tab: string | null;
  result: WorkspaceFileResult;
}

export type LoadResult =
  | { status: 'empty' }
  | { status: 'loaded'; document: WorkspaceDocument; revision: number; migratedFrom?: number }
  /** `backupKey` is null only when the copy could not be written (storage full): do not save then. */
  | { status: 'unreadable'; problem: string; backupKey: string | null; raw: string }
  | { status: 'newer'; problem: string; raw: string };

/** The result of reading a workspace file or a named workspace. */
export type WorkspaceFileResult = MigrationResult;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    // Editors on Windows often save JSON with a byte-order mark, which JSON.parse rejects.
    return { ok: true, value: JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text) };
  } catch (error) {
    return { ok: false, problem: `Not JSON: ${errorMessage(error)}` };
  }
}

function readDocumentText(text: string): WorkspaceFileResult {
  const parsed = parseJson(text);
  return parsed.ok ? migrateDocument(parsed.value) : parsed;
}

const SavedEnvelopeSchema = v.object({
  format: v.literal(SAVED_FORMAT),
  revision: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  tab: v.string(),
  document: v.unknown(),
});

type SavedEnvelope = v.InferOutput<typeof SavedEnvelopeSchema>;

const isEnvelope = (value: unknown): value is SavedEnvelope => v.is(SavedEnvelopeSchema, value);

/** Reads the stored current workspace: an envelope with its revision, or a bare document (revision 0). */
export function readStoredWorkspace(text: string): StoredWorkspace {
  const parsed = parseJson(text);
  if (!parsed.ok) return { revision: 0, tab: null, result: parsed };
  if (isEnvelope(parsed.value)) {
    const { revision, tab, document } = parsed.value;
    return { revision, tab, result: migrateDocument(document) };
  }
  return { revision: 0, tab: null, result: migrateDocument(parsed.value) };
}

export function serializeStoredWorkspace(document: WorkspaceDocument, revision: number, tab: string): string {
  const envelope: SavedEnvelope = { format: SAVED_FORMAT, revision, tab, document };
  return JSON.stringify(envelope);
}

/** The version in stored text when it is newer than this build reads, else null. */
export function newerStoredVersion(text: string | null): number | null {
  if (text === null) return null;
  const parsed = parseJson(text);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return null;
  const inner = isEnvelope(parsed.value) ? parsed.value.document : parsed.value;
  if (typeof inner !== 'object' || inner === null) return null;
  const version = (inner as { version?: unknown }).version;
  return typeof version === 'number' && Number.isSafeInteger(version) && version > DOCUMENT_VERSION
    ? version
    : null;
}

function storageKeys(storage: StorageLike): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/**
 * Copies unreadable text to a backup key, reusing an existing backup of the same text so that
 * reloading the app does not pile up copies, and never replacing a different backup.
 */
function backUp(storage: StorageLike, raw: string, now: Date): string | null {
  const existing = storageKeys(storage).find(
    (key) => key.startsWith(BACKUP_KEY_PREFIX) && storage.getItem(key) === raw,
  );
  if (existing !== undefined) return existing;
  // Step past taken timestamps one millisecond at a time, keeping the key a valid ISO timestamp.
  for (let offset = 0; offset < 1000; offset++) {
    const key = `${BACKUP_KEY_PREFIX}${new Date(now.getTime() + offset).toISOString()}`;
    if (storage.getItem(key) !== null) continue;
    try {
      storage.setItem(key, raw);
      pruneBackups(storage, key);
      return key;
    } catch {
      return null;
    }
  }
  return null;
}

export interface Backup {
  key: string;
  /** When it was made, from its key. */
  savedAt: string;
  raw: string;
}

/** The backups of unreadable workspaces, newest first. */
export function listBackups(storage: StorageLike): Backup[] {
  return storageKeys(storage)
    .filter((key) => key.startsWith(BACKUP_KEY_PREFIX))
    .sort()
    .reverse()
    .map((key) => ({ key, savedAt: key.slice(BACKUP_KEY_PREFIX.length), raw: storage.getItem(key) ?? '' }));
}

/** Keeps the newest MAX_BACKUPS backups (`keep` among them, being the one just made). */
function pruneBackups(storage: StorageLike, keep: string): void {
  const stale = listBackups(storage)
    .map((b) => b.key)
    .filter((key) => key !== keep)
    .slice(MAX_BACKUPS - 1);
  for (const key of stale) storage.removeItem(key);
}

/** Reads the current workspace. Unreadable text is backed up first; newer documents are left alone. */
export function loadWorkspace(storage: StorageLike, now: () => Date = () => new Date()): LoadResult {
  let raw: string | null;
  try {
    raw = storage.getItem(WORKSPACE_KEY);
  } catch {
    // Storage that cannot be read (disabled by the browser) cannot be written either.
    return { status: 'empty' };
  }
  if (raw === null) return { status: 'empty' };
  const { revision, result } = readStoredWorkspace(raw);
  if (result.ok) {
    return result.migratedFrom === undefined
      ? { status: 'loaded', document: result.document, revision }
      : { status: 'loaded', document: result.document, revision, migratedFrom: result.migratedFrom };
  }
  if (result.newerVersion !== undefined) return { status: 'newer', problem: result.problem, raw };
  let backupKey: string | null;
  try {
    backupKey = backUp(storage, raw, now());
  } catch {
    backupKey = null;
  }
  return { status: 'unreadable', problem: result.problem, backupKey, raw };
}

/** Trims a workspace name and checks it: 1 to 60 characters, no control characters. */
export function normalizeWorkspaceName(
  name: string,
): { ok: true; name: string } | { ok: false; problem: string } {
  const trimmed = name.trim();
  const length = [...trimmed].length;
  if (length === 0) return { ok: false, problem: 'A workspace name cannot be empty' };
  if (length > MAX_WORKSPACE_NAME_LENGTH) {
    return { ok: false, problem: `A workspace name can be at most ${MAX_WORKSPACE_NAME_LENGTH} characters` };
  }
  for (const character of trimmed) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f)
      return { ok: false, problem: 'A workspace name cannot contain control characters' };
  }
  return { ok: true, name: trimmed };
}

/** Names of the saved named workspaces, sorted. */
export function listNamedWorkspaces(storage: StorageLike): string[] {
  return storageKeys(storage)
    .filter((key) => key.startsWith(NAMED_KEY_PREFIX))
    .map((key) => key.slice(NAMED_KEY_PREFIX.length))
    .filter((name) => {
      const normalized = normalizeWorkspaceName(name);
      return normalized.ok && normalized.name === name;
    })
    .sort((a, b) => a.localeCompare(b));
}

export function saveNamedWorkspace(
  storage: StorageLike,
  name: string,
  document: WorkspaceDocument,
): { ok: true; name: string } | { ok: false; problem: string } {
  const normalized = normalizeWorkspaceName(name);
  if (!normalized.ok) return normalized;
  const key = `${NAMED_KEY_PREFIX}${normalized.name}`;
  try {
    const newer = newerStoredVersion(storage.getItem(key));
    if (newer !== null) {
      return {
        ok: false,
        problem: `"${normalized.name}": ${newerVersionProblem(newer)} It was not replaced.`,
      };
    }
    storage.setItem(key, JSON.stringify(document));
    return normalized;
  } catch (error) {
    return { ok: false, problem: `"${normalized.name}" could not be saved: ${storageErrorMessage(error)}` };
  }
}

export function openNamedWorkspace(storage: StorageLike, name: string): WorkspaceFileResult {
  const normalized = normalizeWorkspaceName(name);
  if (!normalized.ok) return normalized;
  let raw: string | null;
  try {
    raw = storage.getItem(`${NAMED_KEY_PREFIX}${normalized.name}`);
  } catch (error) {
    return { ok: false, problem: `"${normalized.name}" could not be read: ${storageErrorMessage(error)}` };
  }
  if (raw === null) return { ok: false, problem: `No saved workspace is named "${normalized.name}"` };
  return readDocumentText(raw);
}

/** Deletes a named workspace; false when there was none of that name. */
export function deleteNamedWorkspace(storage: StorageLike, name: string): boolean {
  const normalized = normalizeWorkspaceName(name);
  if (!normalized.ok) return false;
  const key = `${NAMED_KEY_PREFIX}${normalized.name}`;
  try {
    if (storage.getItem(key) === null) return false;
    storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/** The Export workspace file: pretty JSON, version first so a reader sees it at a glance. */
export function serializeWorkspace(document: WorkspaceDocument): string {
  const ordered: WorkspaceDocument = {
    version: DOCUMENT_VERSION,
    theme: document.theme,
    layout: document.layout,
    panes: document.panes,
    annotations: document.annotations,
    maximizedPaneId: document.maximizedPaneId,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** Reads an Import workspace file: JSON, then migration and validation. Never throws. */
export function parseWorkspaceFile(text: string): WorkspaceFileResult {
  if (typeof text !== 'string') return { ok: false, problem: 'Not a workspace file: expected text' };
  return readDocumentText(text);
}
