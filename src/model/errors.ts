/**
 * Typed errors: a literal `code`, structured `data`, the standard `cause`.
 * Expected outcomes (unschedulable, unchanged, skipped) are results, not exceptions.
 */
export class EngineError<C extends string = string, D extends object = object> extends Error {
  readonly code: C;
  readonly data: D;

  constructor(code: C, message: string, data: D, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.data = data;
  }

  toJSON(): { code: C; message: string; data: D } {
    return { code: this.code, message: this.message, data: this.data };
  }
}
