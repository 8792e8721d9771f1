/**
 * One validation finding and the message shapes of k8s.io/apimachinery's field errors
 * (`Required value`, `Invalid value: …`, `Unsupported value: …`, `Forbidden: …`), without the
 * field path: the caller prints the path next to the message.
 */
import type { FieldPath, Severity } from '../../model/index.ts';

/** A problem with one field of one object. */
export interface FieldIssue {
  path: FieldPath;
  message: string;
  severity: Severity;
}

/** Where issues are collected while walking one object. */
export type IssueSink = FieldIssue[];

/** The path extended by more keys: a new array, the input is never changed. */
export function at(path: FieldPath, ...more: (string | number)[]): FieldPath {
  return more.length === 0 ? path.slice() : [...path, ...more];
}

/** Records an error at a copy of `path`. */
export function error(out: IssueSink, path: FieldPath, message: string): void {
  out.push({ path: path.slice(), message, severity: 'error' });
}

/** Records a warning at a copy of `path`. */
export function warning(out: IssueSink, path: FieldPath, message: string): void {
  out.push({ path: path.slice(), message, severity: 'warning' });
}

/** How field.Invalid prints a value: strings quoted, numbers and booleans bare. */
export function showValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** field.Required. */
export function requiredMessage(detail?: string): string {
  return detail ? `Required value: ${detail}` : 'Required value';
}

/** field.Invalid. */
export function invalidMessage(value: unknown, detail: string): string {
  return `Invalid value: ${showValue(value)}: ${detail}`;
}

/** field.NotSupported. */
export function unsupportedMessage(value: unknown, supported: readonly unknown[]): string {
  const list = supported.map((s) => JSON.stringify(s)).join(', ');
  return `Unsupported value: ${showValue(value)}: supported values: ${list}`;
}

/** field.Forbidden. */
export function forbiddenMessage(detail: string): string {
  return `Forbidden: ${detail}`;
}
