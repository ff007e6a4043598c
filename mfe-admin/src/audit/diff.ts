// What a staff action changed (docs/product/admin.md Audit log): the before and after records flattened to dotted
// paths, and the paths whose values differ.

export interface FieldChange {
  path: string;
  /** JSON text of the value, undefined where the field did not exist. */
  before?: string;
  after?: string;
}

/** Leaves of a JSON value by dotted path (arrays by index); a scalar or null at the top is the path ''. */
export function flatten(value: unknown, prefix = '', into: Map<string, string> = new Map()): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0) into.set(prefix, JSON.stringify(value));
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else if (value !== undefined) {
    into.set(prefix, JSON.stringify(value));
  }
  return into;
}

/** The fields that differ between before and after, in path order. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const a = flatten(before ?? undefined);
  const b = flatten(after ?? undefined);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths.filter((path) => a.get(path) !== b.get(path)).map((path) => ({ path, before: a.get(path), after: b.get(path) }));
}
