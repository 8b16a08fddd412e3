/**
 * Pane settings by kind. Each pane kind declares the valibot schema of its settings next to its
 * folder and registers it with the kind; the document schema reads every pane's settings through
 * its kind's schema (src/state/document-schema.ts), so the document holds them typed and complete.
 *
 * A settings schema gives every field a fallback: a saved document from before a setting existed, or
 * with a value this version does not know, reads the default for that field and keeps every other
 * one. That is why settings need no migration of their own: the stored JSON keeps its shape.
 */
import * as v from 'valibot';

/** A schema that reads any value into complete settings and never fails (fields fall back). */
export type SettingsSchema<T extends Readonly<Record<string, unknown>> = Readonly<Record<string, unknown>>> =
  v.GenericSchema<unknown, T>;

const schemas = new Map<string, SettingsSchema>();

/** Called with each pane kind's registration; kinds without settings register nothing. */
export function registerPaneSettings(kind: string, schema: SettingsSchema): void {
  schemas.set(kind, schema);
}

/** Settings of a pane of `kind` as its schema reads them; unknown kinds keep what they have. */
export function normalizePaneSettings(
  kind: string,
  settings: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const schema = schemas.get(kind);
  if (!schema) return settings;
  const result = v.safeParse(schema, settings);
  return result.success ? result.output : settings;
}

/**
 * The reader of one kind's settings, typed by its schema. Documents are immutable, so each settings
 * object is read once and the result shared by every render and command that asks.
 */
export function createSettingsReader<T extends Readonly<Record<string, unknown>>>(
  schema: SettingsSchema<T>,
): (settings: Readonly<Record<string, unknown>>) => T {
  const cache = new WeakMap<object, T>();
  return (settings) => {
    const cached = cache.get(settings);
    if (cached !== undefined) return cached;
    const read = v.parse(schema, settings);
    cache.set(settings, read);
    return read;
  };
}

/**
 * A settings field holding distinct non-empty strings (symbols), in order, at most `max`; anything
 * else reads as `fallback`.
 */
export function distinctStrings(max: number, fallback: readonly string[] = []) {
  return v.fallback(
    v.pipe(
      v.array(v.unknown()),
      v.transform((items) =>
        [...new Set(items.filter((s): s is string => typeof s === 'string' && s.length > 0))].slice(0, max),
      ),
    ),
    [...fallback],
  );
}
