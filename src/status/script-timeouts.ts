import type { KubeObject } from '../model/index.ts';
import type { ScriptTimeout } from '../interpreter/index.ts';

/** One line naming a customization whose script ran into its time limit this pass. */
export function scriptTimeoutLine(timeout: ScriptTimeout): string {
  const times = timeout.timeouts === 1 ? 'once' : `${timeout.timeouts} times`;
  const rest = timeout.stopped ? `; not called again this pass, so its answers (health: Unknown) are missing` : '';
  return `ResourceInterpreterCustomization ${timeout.customization}: ${timeout.operation} timed out ${times} this pass${rest}`;
}

/**
 * The problem lines a template gets from scripts of its kind that timed out: a runaway
 * customization is named next to what it left Unknown, not only in a log.
 */
export function scriptTimeoutProblems(timeouts: readonly ScriptTimeout[], template: KubeObject): string[] {
  return timeouts
    .filter((t) => t.target.apiVersion === template.apiVersion && t.target.kind === template.kind)
    .map(scriptTimeoutLine);
}
