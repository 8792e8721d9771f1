/** Readers of the scalar fields of a status-branch document read back: a value of the wrong type is absent. */

/** A non-empty string. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** A non-negative integer. */
export const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
