import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import type { Diagnostic } from '../model/index.ts';
import {
  defaultFleetConfig,
  FLEET_CONFIG_FILE,
  type FieldReport,
  fleetConfigFrom,
  type ParsedFleetConfig,
} from './fleet-config-fields.ts';

/**
 * Reads `flotilla.yaml` with the `yaml` library, which places every problem at its line and
 * column. A field of the wrong type is an error diagnostic at that field and keeps its default,
 * so one typo never stops the run; unknown keys are kept for later stages.
 */
export function parseFleetConfig(text: string): ParsedFleetConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const diagnostics: Diagnostic[] = doc.errors.map((error) => {
    const at = lines.linePos(error.pos[0]);
    return { file: FLEET_CONFIG_FILE, line: at.line, column: at.col, severity: 'error', message: error.message };
  });
  if (diagnostics.length > 0) return { config: defaultFleetConfig(), diagnostics };
  const report: FieldReport = (field, message) => diagnostics.push(fieldDiagnostic(doc, lines, field, message));
  const warn: FieldReport = (field, message) =>
    diagnostics.push({ ...fieldDiagnostic(doc, lines, field, message), severity: 'warning' });
  const config = fleetConfigFrom(doc.toJS(), report, warn);
  return { config, diagnostics };
}

function fieldDiagnostic(doc: Document, lines: LineCounter, field: (string | number)[], message: string): Diagnostic {
  const node = field.length === 0 ? doc.contents : doc.getIn(field, true);
  const offset = isNode(node) && node.range ? node.range[0] : 0;
  const at = lines.linePos(offset);
  return {
    file: FLEET_CONFIG_FILE,
    line: at.line,
    column: at.col,
    severity: 'error',
    message,
    field: field.join('.') || undefined,
  };
}
