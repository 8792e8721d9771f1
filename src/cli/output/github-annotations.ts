/**
 * Diagnostics as GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`), which
 * the runner turns into annotations on the pull request's files. Escaping follows the runner's
 * rules (actions/toolkit `command.ts`): in the message `%`, `\r` and `\n`; in a property value
 * also `:` and `,`, which would otherwise end the value.
 */
import type { Diagnostic } from '../../model/index.ts';

/** The message part of a workflow command. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value (`file=…`, `title=…`) of a workflow command. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One annotation per diagnostic. `file`, `line` and `col` are left out when unknown (an empty file,
 * line 0), so a diagnostic about the repository as a whole still shows, unattached.
 */
export function githubAnnotation(d: Diagnostic): string {
  const props: string[] = [];
  if (d.file !== '') {
    props.push(`file=${escapeProperty(d.file)}`);
    if (d.line > 0) {
      props.push(`line=${d.line}`);
      if (d.column > 0) props.push(`col=${d.column}`);
    }
  }
  if (d.object) props.push(`title=${escapeProperty(d.object)}`);
  const head = props.length > 0 ? `::${d.severity} ${props.join(',')}` : `::${d.severity}`;
  return `${head}::${escapeData(d.message)}`;
}

export function githubAnnotations(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map(githubAnnotation).join('\n');
}
