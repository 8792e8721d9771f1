import { formatDiagnostic } from '../../model/index.ts';
import type { Diagnostic } from '../../model/index.ts';
import type { Paint } from '../color.ts';

export function countBySeverity(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const d of diagnostics) if (d.severity === 'error') errors++;
  return { errors, warnings: diagnostics.length - errors };
}

/** `file:line:col: error: message`, one per line, errors in red and warnings in yellow on a TTY. */
export function diagnosticsText(diagnostics: readonly Diagnostic[], paint: Paint): string {
  return diagnostics
    .map((d) => {
      const line = formatDiagnostic(d);
      return paint(d.severity === 'error' ? 'red' : 'yellow', line);
    })
    .join('\n');
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function diagnosticsSummary(diagnostics: readonly Diagnostic[]): string {
  const { errors, warnings } = countBySeverity(diagnostics);
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}
