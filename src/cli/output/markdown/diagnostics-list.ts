/**
 * The diagnostics of a plan comment. With the base revision's diagnostics, a warning the base has
 * too (same severity, file and message; lines may have moved) is not news to the reviewer: such
 * warnings are grouped under one collapsed "N warnings also on the base". Errors are always listed,
 * since they decide the exit code.
 */
import type { Diagnostic } from '../../../model/index.ts';
import { countBySeverity, diagnosticsSummary, plural } from '../diagnostics.ts';
import { code, plain } from './text.ts';

export interface DiagnosticLists {
  /** The heading (empty when nothing is listed) and one item per diagnostic, errors first. */
  head: string;
  items: string[];
  /** The collapsed group of warnings the base has too, whole; empty when there is none. */
  alsoOnBase: string;
}

function line(d: Diagnostic): string {
  return `- **${d.severity}** ${code(`${d.file}:${d.line}:${d.column}`)}: ${plain(d.message)}\n`;
}

const identity = (d: Diagnostic): string => `${d.severity}\u0000${d.file}\u0000${d.message}`;

const errorsFirst = (a: Diagnostic, b: Diagnostic): number =>
  a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1;

export function diagnosticLists(
  diagnostics: readonly Diagnostic[],
  base: readonly Diagnostic[] | undefined,
): DiagnosticLists {
  const onBase = new Set((base ?? []).map(identity));
  const old = diagnostics.filter((d) => d.severity === 'warning' && onBase.has(identity(d)));
  const shown = diagnostics.filter((d) => !(d.severity === 'warning' && onBase.has(identity(d)))).sort(errorsFirst);
  const head =
    shown.length > 0 ? `**${countBySeverity(shown).errors > 0 ? '❌ ' : ''}${diagnosticsSummary(shown)}**\n\n` : '';
  const alsoOnBase =
    old.length === 0
      ? ''
      : [
          '<details>',
          `<summary>${plural(old.length, 'warning')} also on the base</summary>`,
          '',
          ...old.map((d) => line(d).trimEnd()),
          '',
          '</details>',
          '',
          '',
        ].join('\n');
  return { head, items: shown.map(line), alsoOnBase };
}
