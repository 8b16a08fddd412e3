import * as v from 'valibot';
import { ALERT_CONDITIONS } from '../../core/alerts/alert-types';
import { parseInterval } from '../../core/bars/interval';
import { errorMessage } from '../../core/error-message';
import { belongsToPane } from './annotation-edits';
import { ANNOTATION_KINDS, anchorCount, KIND_SPECS } from './drawing-kinds';
import type { LayoutNode } from './layout-node';
import { normalizePaneSettings } from './pane-settings';
import { conditionsFor, MAX_ALERT_MESSAGE } from './price-alerts';
import { isTimeZone } from './time-zone';
import { DOCUMENT_VERSION, LINK_GROUPS, THEME_IDS, type WorkspaceDocument } from './workspace-document';

/*
 * The schema of a saved workspace (version DOCUMENT_VERSION). Documents enter from storage and from
 * files the user picks, so they are checked here once, completely, and inner code trusts them.
 * Problems name the offending path (`panes.p3.kind: expected a string, got 42`) because the user
 * may have to find it in a file by hand.
 */

export type DocumentValidation = { ok: true; document: WorkspaceDocument } | { ok: false; problem: string };

const LINE_STYLES = ['solid', 'dashed', 'dotted'] as const;
/** Deeper than any layout a screen can show; stops hostile input from exhausting the stack. */
const MAX_DEPTH = 64;
const SPLIT_PERCENT_TOLERANCE = 0.5;

type PathKey = string | number;

const SIMPLE_KEY = /^[\w$-]+$/;

/** `['panes', 'p3', 'kind']` -> `panes.p3.kind`; keys that would be ambiguous are quoted. */
export function formatPath(keys: readonly PathKey[]): string {
  let path = '';
  for (const key of keys) {
    if (typeof key === 'number' || SIMPLE_KEY.test(key)) path += path ? `.${key}` : String(key);
    else path += `[${JSON.stringify(key)}]`;
  }
  return path || 'document';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** A message that says what was expected and what arrived instead. */
function expected(what: string) {
  return (issue: v.BaseIssue<unknown>): string =>
    issue.received === 'undefined'
      ? `missing; expected ${what}`
      : `expected ${what}, got ${shorten(issue.received)}`;
}

function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (!isPlainObject(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((item) => isJsonValue(item, depth + 1));
}

const text = (what: string) => v.string(expected(what));
const nonEmptyText = (what: string) =>
  v.pipe(v.string(expected(what)), v.minLength(1, `expected ${what}, got an empty string`));
const finiteNumber = (what: string) =>
  v.pipe(v.number(expected(what)), v.finite(expected(`${what} (a finite number)`)));

/** `v.record` also accepts arrays; a saved record is always a plain object. */
function plainRecord<TValue extends v.GenericSchema>(value: TValue, what: string) {
  return v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, expected(what)),
    v.record(v.string(), value),
  );
}

const PaneIdSchema = nonEmptyText('a pane id');

const LayoutNodeSchema: v.GenericSchema<LayoutNode> = v.lazy((input) =>
  typeof input === 'string' ? PaneIdSchema : LayoutSplitSchema,
);

const LayoutSplitSchema = v.pipe(
  v.object(
    {
      type: v.literal('split', expected('"split"')),
      direction: v.picklist(['row', 'column'], expected('"row" or "column"')),
      children: v.pipe(
        v.array(LayoutNodeSchema, expected('a list of layout nodes')),
        v.minLength(1, 'expected at least one child'),
      ),
      splitPercentages: v.optional(
        v.array(
          v.pipe(finiteNumber('a percentage'), v.minValue(0, expected('a percentage of 0 or more'))),
          expected('a list of percentages'),
        ),
      ),
    },
    expected('a pane id or a split'),
  ),
  v.check(
    (split) => !split.splitPercentages || split.splitPercentages.length === split.children.length,
    'splitPercentages must have one entry per child',
  ),
  v.check(
    (split) =>
      !split.splitPercentages ||
      Math.abs(split.splitPercentages.reduce((sum, percent) => sum + percent, 0) - 100) <=
        SPLIT_PERCENT_TOLERANCE,
    'splitPercentages must add up to 100',
  ),
);

const PaneSchema = v.pipe(
  v.object(
    {
      id: PaneIdSchema,
      kind: nonEmptyText('a pane kind'),
      symbol: text('a string'),
      linkGroup: v.nullable(v.picklist(LINK_GROUPS, expected(`null or one of ${LINK_GROUPS.join(', ')}`))),
      settings: v.pipe(
        plainRecord(v.unknown(), 'an object of settings'),
        v.check((settings) => isJsonValue(settings), 'expected plain JSON settings'),
      ),
    },
    expected('a pane object'),
  ),
  // Each kind reads its own settings (src/state/pane-settings.ts): complete, typed, defaults for
  // what is missing or unknown.
  v.transform((pane) => ({ ...pane, settings: normalizePaneSettings(pane.kind, pane.settings) })),
);

const AnnotationSchema = v.object(
  {
    id: nonEmptyText('an annotation id'),
    paneId: PaneIdSchema,
    kind: v.picklist(ANNOTATION_KINDS, expected(`one of ${ANNOTATION_KINDS.join(', ')}`)),
    time: v.optional(finiteNumber('a time in UTC seconds')),
    price: v.optional(finiteNumber('a price')),
    points: v.optional(
      v.array(
        v.object(
          { time: finiteNumber('a time in UTC seconds'), price: finiteNumber('a price') },
          expected('a point { time, price }'),
        ),
        expected('an array of points'),
      ),
    ),
    symbol: v.optional(nonEmptyText('a symbol')),
    paneOnly: v.optional(v.boolean(expected('true or false'))),
    fibLevels: v.optional(
      v.array(
        v.object(
          { value: finiteNumber('a level ratio'), visible: v.boolean(expected('true or false')) },
          expected('a level { value, visible }'),
        ),
        expected('an array of levels'),
      ),
    ),
    extendLeft: v.optional(v.boolean(expected('true or false'))),
    extendRight: v.optional(v.boolean(expected('true or false'))),
    fill: v.optional(v.boolean(expected('true or false'))),
    label: text('a string'),
    color: nonEmptyText('a colour'),
    lineStyle: v.picklist(LINE_STYLES, expected(`one of ${LINE_STYLES.join(', ')}`)),
    lineWidth: v.pipe(
      finiteNumber('a line width'),
      v.gtValue(0, expected('a line width above 0')),
      v.maxValue(20, expected('a line width of at most 20')),
    ),
    locked: v.boolean(expected('true or false')),
    hidden: v.boolean(expected('true or false')),
  },
  expected('an annotation object'),
);

const TemplateSchema = v.pipe(
  v.object(
    {
      name: nonEmptyText('a template name'),
      kind: nonEmptyText('a pane kind'),
      settings: v.pipe(
        plainRecord(v.unknown(), 'an object of settings'),
        v.check((settings) => isJsonValue(settings), 'expected plain JSON settings'),
      ),
    },
    expected('a template object'),
  ),
  v.transform((template) => ({
    ...template,
    settings: normalizePaneSettings(template.kind, template.settings),
  })),
);

const AlertSchema = v.object(
  {
    id: nonEmptyText('an alert id'),
    symbol: nonEmptyText('a symbol'),
    annotationId: v.optional(nonEmptyText('an annotation id')),
    price: v.optional(finiteNumber('a price')),
    condition: v.picklist(ALERT_CONDITIONS, expected(`an alert condition (${ALERT_CONDITIONS.join(', ')})`)),
    message: v.pipe(
      text('a message'),
      v.maxLength(MAX_ALERT_MESSAGE, `expected at most ${MAX_ALERT_MESSAGE} characters`),
    ),
    expiresAt: v.optional(finiteNumber('an expiry time (ms)')),
    armedAt: finiteNumber('the time it was armed (ms)'),
    fired: v.optional(
      v.object(
        { at: finiteNumber('the time it fired (ms)'), price: finiteNumber('the price it fired at') },
        expected('an object with at and price'),
      ),
    ),
    bars: v.optional(
      v.object(
        {
          interval: v.optional(
            v.pipe(
              text('an interval'),
              v.check((value) => parseInterval(value) !== null, 'expected an interval such as 5m, 1h or 1D'),
            ),
          ),
          sessionOnly: v.optional(v.literal(true, expected('true (out-of-session bars left out)'))),
        },
        expected('an object with interval and sessionOnly'),
      ),
    ),
  },
  expected('an alert object'),
);

const DocumentSchema = v.object(
  {
    version: v.literal(DOCUMENT_VERSION, expected(`schema version ${DOCUMENT_VERSION}`)),
    layout: v.nullable(LayoutNodeSchema),
    panes: plainRecord(PaneSchema, 'an object of panes by id'),
    annotations: plainRecord(AnnotationSchema, 'an object of annotations by id'),
    theme: v.picklist(THEME_IDS, expected(`a theme id (${THEME_IDS.join(', ')})`)),
    timeZone: v.optional(
      v.pipe(
        v.string(expected('a time zone name')),
        v.check(
          isTimeZone,
          expected('a time zone name (an IANA zone such as America/New_York, UTC, local or exchange)'),
        ),
      ),
    ),
    maximizedPaneId: v.nullable(PaneIdSchema),
    templates: v.optional(plainRecord(TemplateSchema, 'an object of templates by name')),
    alerts: v.optional(plainRecord(AlertSchema, 'an object of alerts by id')),
  },
  expected('a workspace object'),
);

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? [];
  const where = formatPath(path.map((item) => item.key as PathKey));
  // valibot reports a missing required key with the enclosing object's message; the path says enough.
  const missingKey = path.at(-1)?.origin === 'key' && issue.received === 'undefined';
  return `${where}: ${missingKey ? 'missing' : issue.message}`;
}

/**
 * The first path deeper than MAX_DEPTH splits, found without recursion so that hostile input
 * cannot exhaust the stack before the schema (which recurses) ever sees it.
 */
function findTooDeepLayout(layout: unknown): PathKey[] | null {
  const stack: { node: unknown; path: PathKey[]; depth: number }[] = [
    { node: layout, path: ['layout'], depth: 0 },
  ];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node, path, depth } = entry;
    if (!isPlainObject(node) || !Array.isArray(node.children)) continue;
    if (depth >= MAX_DEPTH) return path;
    node.children.forEach((child: unknown, index) => {
      stack.push({ node: child, path: [...path, 'children', index], depth: depth + 1 });
    });
  }
  return null;
}

/** Leaves of a validated layout, in order, with their paths. */
function layoutLeaves(
  node: LayoutNode | null,
  path: PathKey[] = ['layout'],
): { paneId: string; path: PathKey[] }[] {
  if (node === null) return [];
  if (typeof node === 'string') return [{ paneId: node, path }];
  return node.children.flatMap((child, index) => layoutLeaves(child, [...path, 'children', index]));
}

/** Rules that span several parts of the document, which a per-field schema cannot express. */
function findCrossReferenceProblem(document: WorkspaceDocument): string | null {
  const { panes, annotations } = document;
  for (const [key, pane] of Object.entries(panes)) {
    if (pane.id !== key)
      return `${formatPath(['panes', key, 'id'])}: expected "${key}" (its key), got "${pane.id}"`;
  }
  const placed = new Set<string>();
  for (const { paneId, path } of layoutLeaves(document.layout)) {
    const where = formatPath(path);
    if (placed.has(paneId)) return `${where}: pane "${paneId}" appears more than once in the layout`;
    if (!Object.hasOwn(panes, paneId)) return `${where}: pane "${paneId}" has no entry in panes`;
    placed.add(paneId);
  }
  for (const key of Object.keys(panes)) {
    if (!placed.has(key)) return `${formatPath(['panes', key])}: pane "${key}" is not in the layout`;
  }
  const { maximizedPaneId } = document;
  if (maximizedPaneId !== null && !placed.has(maximizedPaneId)) {
    return `maximizedPaneId: pane "${maximizedPaneId}" does not exist`;
  }
  for (const [key, template] of Object.entries(document.templates ?? {})) {
    if (template.name !== key) {
      return `${formatPath(['templates', key, 'name'])}: expected "${key}" (its key), got "${template.name}"`;
    }
  }
  for (const [key, alert] of Object.entries(document.alerts ?? {})) {
    const at = (field: string) => formatPath(['alerts', key, field]);
    if (alert.id !== key) return `${at('id')}: expected "${key}" (its key), got "${alert.id}"`;
    if (alert.annotationId === undefined && alert.price === undefined)
      return `${at('price')}: missing; an alert on no drawing needs a price`;
    const drawing = alert.annotationId === undefined ? undefined : annotations[alert.annotationId];
    if (alert.annotationId !== undefined && !drawing)
      return `${at('annotationId')}: annotation "${alert.annotationId}" does not exist`;
    const allowed = conditionsFor(drawing?.kind ?? null);
    if (!allowed.includes(alert.condition))
      return `${at('condition')}: expected ${allowed.join(' or ') || 'no alert'} on ${drawing ? `a ${drawing.kind}` : 'a price level'}, got "${alert.condition}"`;
  }
  for (const [key, annotation] of Object.entries(annotations)) {
    const at = (field: string) => formatPath(['annotations', key, field]);
    if (annotation.id !== key) return `${at('id')}: expected "${key}" (its key), got "${annotation.id}"`;
    // A drawing of a symbol outlives the pane it was drawn on; a pane's own annotation does not.
    if (belongsToPane(annotation) && !placed.has(annotation.paneId))
      return `${at('paneId')}: pane "${annotation.paneId}" does not exist`;
    const anchoring = KIND_SPECS[annotation.kind].anchoring;
    if (anchoring === 'points') {
      const count = anchorCount(annotation.kind);
      if (annotation.points?.length !== count)
        return `${at('points')}: a ${annotation.kind} needs ${count} points, got ${annotation.points?.length ?? 'none'}`;
      continue;
    }
    if (anchoring !== 'price' && annotation.time === undefined) {
      return `${at('time')}: missing; a ${annotation.kind} needs a time`;
    }
    if (anchoring !== 'time' && annotation.price === undefined) {
      return `${at('price')}: missing; a ${annotation.kind} needs a price`;
    }
  }
  return null;
}

/** Checks that `input` is a complete, consistent current-version document. Never throws. */
export function validateDocument(input: unknown): DocumentValidation {
  try {
    const tooDeep = isPlainObject(input) ? findTooDeepLayout(input.layout) : null;
    if (tooDeep)
      return { ok: false, problem: `${formatPath(tooDeep)}: nested more than ${MAX_DEPTH} splits deep` };
    const result = v.safeParse(DocumentSchema, input, { abortEarly: true });
    if (!result.success) return { ok: false, problem: describeIssue(result.issues[0]) };
    const document: WorkspaceDocument = result.output;
    const problem = findCrossReferenceProblem(document);
    return problem === null ? { ok: true, document } : { ok: false, problem };
  } catch (error) {
    // Only pathological input gets here, e.g. settings nested deep enough to exhaust the stack.
    const reason = errorMessage(error);
    return { ok: false, problem: `document: could not be checked (${reason})` };
  }
}
