/**
 * A resource interpreter call that threw for one template (a Lua runtime error, a limit, a wrong
 * result shape, a native interpreter refusing the object) fails that template's binding only: the
 * error becomes a diagnostic naming the template and, for Lua, the customization, the operation
 * and the line (LuaScriptError's message), and every other binding still renders.
 */
import { describeRef, refOf } from '../model/index.ts';
import type { Diagnostic, SourceObject } from '../model/index.ts';

/** What failed, without the template: for the binding's `error` in the plan. */
export function interpreterFailureReason(error: unknown): string {
  return `the resource interpreter failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** The error diagnostic at the template's file and line; `consequence` says what was left out. */
export function interpreterFailure(template: SourceObject, error: unknown, consequence: string): Diagnostic {
  const subject = describeRef(refOf(template.object));
  return {
    ...template.origin,
    severity: 'error',
    object: subject,
    message: `${subject}: ${interpreterFailureReason(error)}; ${consequence}`,
  };
}
