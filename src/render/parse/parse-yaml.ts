import { constructFromEvents, CORE_SCHEMA, EVENT_ID, mergeTag, parseEvents, YAMLException } from 'js-yaml';
import type { Event } from 'js-yaml';
import { aliasExpansions, excessiveAliasing } from './alias-budget.ts';
import { eventStart } from './yaml-events.ts';

/** One YAML document of a file: its value and the source range of its root node. */
export interface YamlDocument {
  value: unknown;
  offset: number;
  /** Where the document's text ends: the next `---` line or the end of the file. */
  end: number;
}

export interface YamlSyntaxError {
  message: string;
  offset: number;
}

export interface ParsedYaml {
  documents: YamlDocument[];
  errors: YamlSyntaxError[];
}

const DOCUMENT_SEPARATOR = /^---(?=[ \t\r\n]|$)/gm;

function documentOffsets(events: readonly Event[]): number[] {
  const offsets: number[] = [];
  let depth = 0;
  let pendingDocument = false;
  for (const event of events) {
    if (event.type === EVENT_ID.DOCUMENT) {
      pendingDocument = true;
      continue;
    }
    if (pendingDocument && depth === 0) {
      offsets.push(eventStart(event));
      pendingDocument = false;
    }
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) depth++;
    else if (event.type === EVENT_ID.POP && depth > 0) depth--;
  }
  return offsets;
}

/** Where each `---` line starts: a file's document count, known before anything is parsed. */
export function separatorStarts(text: string): number[] {
  return Array.from(text.matchAll(DOCUMENT_SEPARATOR), (m) => m.index);
}

/** A document refused before it is constructed; `offset` is within the text that was parsed. */
class YamlLimitError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

function refuseAliasBombs(text: string, events: Event[]): void {
  for (const expansion of aliasExpansions(text, events)) {
    if (!excessiveAliasing(expansion)) continue;
    throw new YamlLimitError(
      `document contains excessive aliasing: ${expansion.aliased} of its ${expansion.nodes} nodes come from aliases`,
      expansion.offset,
    );
  }
}

/** YAML's merge keys (`<<: *defaults`), which kubectl's YAML reader resolves too: without them `<<` would be a field. */
const SCHEMA = CORE_SCHEMA.withTags(mergeTag);

function parseWhole(text: string, filename: string, base: number, separators: readonly number[]): YamlDocument[] {
  const events = parseEvents(text, { filename });
  refuseAliasBombs(text, events);
  const values = constructFromEvents(events, { source: text, filename, schema: SCHEMA });
  const offsets = documentOffsets(events);
  return values.map((value, i) => {
    const offset = base + Math.max(offsets[i] ?? 0, 0);
    const end = separators.find((s) => s > offset) ?? base + text.length;
    return { value, offset, end };
  });
}

function asSyntaxError(err: unknown, base: number): YamlSyntaxError {
  if (err instanceof YamlLimitError) return { message: err.message, offset: base + err.offset };
  if (err instanceof YAMLException) {
    return { message: err.reason || err.message, offset: base + (err.mark?.position ?? 0) };
  }
  return { message: err instanceof Error ? err.message : String(err), offset: base };
}

/**
 * Parses a multi-document YAML (or JSON) text with the fast js-yaml parser. A syntax error in one
 * document does not lose the others: the file is then split at `---` lines and each part parsed
 * on its own, so every good document is still returned next to the error.
 */
export function parseYaml(text: string, filename: string): ParsedYaml {
  const separators = separatorStarts(text);
  try {
    return { documents: parseWhole(text, filename, 0, separators), errors: [] };
  } catch (first) {
    const starts = [0, ...separators].filter((s, i, all) => i === 0 || s !== all[i - 1]);
    if (starts.length === 1) return { documents: [], errors: [asSyntaxError(first, 0)] };
    const documents: YamlDocument[] = [];
    const errors: YamlSyntaxError[] = [];
    starts.forEach((start, i) => {
      const part = text.slice(start, starts[i + 1] ?? text.length);
      try {
        documents.push(...parseWhole(part, filename, start, separators));
      } catch (err) {
        errors.push(asSyntaxError(err, start));
      }
    });
    return { documents, errors };
  }
}
