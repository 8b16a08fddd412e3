import { errorMessage } from '../../core/error-message';
import { validateDocument } from './document-schema';
import { DOCUMENT_VERSION, type WorkspaceDocument } from './workspace-document';

/*
 * Saved documents outlive the code that wrote them. Each shape change bumps DOCUMENT_VERSION and adds
 * one step here that turns version N into N + 1; a document is walked up one step at a time and only
 * then validated, so a step may assume nothing about its input and must not throw.
 */

export type MigrationResult =
  | { ok: true; document: WorkspaceDocument; migratedFrom?: number }
  | { ok: false; problem: string; newerVersion?: number };

type UnknownRecord = Record<string, unknown>;

/** Upgrades an unchecked document of version N (its key) to version N + 1. */
export type Migration = (document: UnknownRecord) => UnknownRecord;

/**
 * Version 0, the pre-release shape, had no `version` field, called the maximized pane `maximized`
 * (a pane id or null) and had no annotations.
 */
function fromVersion0({ maximized, ...rest }: UnknownRecord): UnknownRecord {
  return {
    ...rest,
    version: 1,
    maximizedPaneId: typeof maximized === 'string' ? maximized : null,
    annotations: {},
  };
}

export const MIGRATIONS: Readonly<Record<number, Migration>> = {
  0: fromVersion0,
};

export function newerVersionProblem(version: number): string {
  return `This workspace was saved by a newer version (schema ${version}); this version reads up to schema ${DOCUMENT_VERSION}.`;
}

function isPlainObject(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}...` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `a value of type ${typeof value}`;
}

/** Version 0 documents are recognised by shape, since they carry no version. */
function looksLikeVersion0(document: UnknownRecord): boolean {
  return Object.hasOwn(document, 'panes') && Object.hasOwn(document, 'layout');
}

function readVersion(
  document: UnknownRecord,
): { ok: true; version: number } | { ok: false; problem: string } {
  if (!Object.hasOwn(document, 'version')) {
    return looksLikeVersion0(document)
      ? { ok: true, version: 0 }
      : { ok: false, problem: 'Not a workspace: it has no "version" field' };
  }
  const { version } = document;
  if (typeof version !== 'number' || !Number.isSafeInteger(version)) {
    return { ok: false, problem: `version: expected a whole number, got ${describeValue(version)}` };
  }
  if (version < 0) return { ok: false, problem: `version: expected 0 or more, got ${version}` };
  return { ok: true, version };
}

function migrate(input: unknown): MigrationResult {
  if (!isPlainObject(input)) {
    return { ok: false, problem: `Not a workspace: expected an object, got ${describeValue(input)}` };
  }
  const read = readVersion(input);
  if (!read.ok) return read;
  const { version } = read;
  // Never guess at a newer shape: the caller must leave such a document untouched.
  if (version > DOCUMENT_VERSION)
    return { ok: false, problem: newerVersionProblem(version), newerVersion: version };

  let document = input;
  for (let from = version; from < DOCUMENT_VERSION; from++) {
    const step = MIGRATIONS[from];
    if (!step) return { ok: false, problem: `No upgrade exists from schema ${from} to ${from + 1}` };
    document = step(document);
  }
  const validation = validateDocument(document);
  if (!validation.ok) {
    const after = version < DOCUMENT_VERSION ? ` (after upgrading from schema ${version})` : '';
    return { ok: false, problem: `${validation.problem}${after}` };
  }
  return version < DOCUMENT_VERSION
    ? { ok: true, document: validation.document, migratedFrom: version }
    : { ok: true, document: validation.document };
}

/** Brings any saved document up to DOCUMENT_VERSION and validates it. Never throws. */
export function migrateDocument(input: unknown): MigrationResult {
  try {
    return migrate(input);
  } catch (error) {
    // Steps are written not to throw; this guards against hostile input (e.g. throwing getters).
    const reason = errorMessage(error);
    return { ok: false, problem: `The workspace could not be read: ${reason}` };
  }
}
