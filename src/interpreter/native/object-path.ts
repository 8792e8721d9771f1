/** Small readers over open Kubernetes objects, so native interpreters stay declarative. */

/** A plain JSON object, or `{}` for anything else. */
export function obj(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** An array of plain objects, or `[]`. */
export function arr(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.map(obj) : [];
}

/** The value at a dotted path. */
export function at(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** A number at a path, or `fallback` when absent or not a number. */
export function num(root: unknown, path: string, fallback = 0): number {
  const v = at(root, path);
  return typeof v === 'number' ? v : fallback;
}

/** A string at a path, or `''`. */
export function str(root: unknown, path: string): string {
  const v = at(root, path);
  return typeof v === 'string' ? v : '';
}

/** Whether the conditions list has `type` with status `True`. */
export function hasTrueCondition(conditions: unknown, type: string): boolean {
  return arr(conditions).some((c) => c['type'] === type && c['status'] === 'True');
}
