import { isRecord } from '../../model/index.ts';
import type { Diagnostic, FieldPath, KubeObject, Origin, SourceFile, SourceObject } from '../../model/index.ts';
import { LineIndex } from './line-index.ts';
import { locateField } from './locate-field.ts';
import { fileTooLarge, objectTooLarge, tooManyDocuments } from './file-limits.ts';
import { parseYaml, separatorStarts } from './parse-yaml.ts';
import type { YamlDocument } from './parse-yaml.ts';

/** One file's parse, reusable across passes while its path and blob id are unchanged. */
export interface ParsedFile {
  path: string;
  blobId: string;
  text: string;
  lines: LineIndex;
  documents: { object: unknown; doc: YamlDocument }[];
  diagnostics: Diagnostic[];
}

/** Parses keyed by {@link parseCacheKey}: the `run` loop keeps one so unchanged files are never re-parsed. */
export type ParseCache = Map<string, ParsedFile>;

/**
 * A parse names its file (in diagnostics, locations and YAML error messages), so it is cached by
 * path as well as blob id: identical files at two paths get an entry each instead of evicting
 * each other's on every pass.
 */
export function parseCacheKey(file: { readonly path: string; readonly blobId: string }): string {
  return `${file.blobId}\0${file.path}`;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function fileError(path: string, lines: LineIndex | undefined, offset: number, message: string): Diagnostic {
  const { line, column } = lines ? lines.position(offset) : { line: 1, column: 1 };
  return { file: path, line, column, severity: 'error', message };
}

/** Kubernetes `v1 List` (and `*List` kinds) wrap objects in `items`; they are unwrapped. */
function isList(value: Record<string, unknown>): boolean {
  return typeof value['kind'] === 'string' && value['kind'].endsWith('List') && Array.isArray(value['items']);
}

function refused(file: SourceFile, diagnostic: Diagnostic): ParsedFile {
  return {
    path: file.path,
    blobId: file.blobId,
    text: '',
    lines: new LineIndex(''),
    documents: [],
    diagnostics: [diagnostic],
  };
}

function parseFile(file: SourceFile): ParsedFile {
  const large = fileTooLarge(file.content.length);
  if (large) return refused(file, fileError(file.path, undefined, 0, large));
  let text: string;
  try {
    text = utf8.decode(file.content);
  } catch {
    return refused(file, fileError(file.path, undefined, 0, 'file is not valid UTF-8 text'));
  }
  const separators = separatorStarts(text);
  const many = tooManyDocuments(separators.length + (separators[0] === 0 ? 0 : 1));
  if (many) return refused(file, fileError(file.path, undefined, 0, many));
  if (text.charCodeAt(0) === 0xfeff) text = ` ${text.slice(1)}`;
  const lines = new LineIndex(text);
  const parsed = parseYaml(text, file.path);
  const diagnostics = parsed.errors.map((e) => fileError(file.path, lines, e.offset, `invalid YAML: ${e.message}`));
  const documents: ParsedFile['documents'] = [];
  const keep = (object: unknown, doc: YamlDocument) => {
    const tooLarge = objectTooLarge(object);
    if (tooLarge) diagnostics.push(fileError(file.path, lines, doc.offset, tooLarge));
    else documents.push({ object, doc });
  };
  for (const doc of parsed.documents) {
    if (doc.value === null || doc.value === undefined) continue;
    if (isRecord(doc.value) && isList(doc.value)) {
      for (const item of (doc.value as { items: unknown[] }).items) keep(item, doc);
    } else {
      keep(doc.value, doc);
    }
  }
  const listed = tooManyDocuments(documents.length);
  if (listed) return refused(file, fileError(file.path, undefined, 0, listed));
  return { path: file.path, blobId: file.blobId, text, lines, documents, diagnostics };
}

/** Finds where a field of a parsed object was written. */
export type Locator = (obj: SourceObject, path: FieldPath) => Origin;

export interface ParsedSources {
  files: ParsedFile[];
  /** Every document that is a mapping with a string apiVersion and kind, in file order. */
  objects: SourceObject[];
  diagnostics: Diagnostic[];
  locate: Locator;
}

function isKubeObject(value: unknown): value is KubeObject {
  if (!isRecord(value)) return false;
  const { apiVersion, kind } = value;
  return typeof apiVersion === 'string' && apiVersion !== '' && typeof kind === 'string' && kind !== '';
}

/**
 * Parses every file of a snapshot. A file that cannot be parsed, or a document that is not a
 * Kubernetes object, becomes a diagnostic; everything else is still returned. Parsed objects may
 * be shared through the cache, so no later stage mutates them.
 */
export function parseSources(files: readonly SourceFile[], cache?: ParseCache): ParsedSources {
  const parsedFiles: ParsedFile[] = [];
  const objects: SourceObject[] = [];
  const diagnostics: Diagnostic[] = [];
  const docOf = new WeakMap<SourceObject, { file: ParsedFile; doc: YamlDocument }>();
  for (const file of files) {
    const key = parseCacheKey(file);
    let parsed = cache?.get(key);
    if (!parsed) {
      parsed = parseFile(file);
      cache?.set(key, parsed);
    }
    parsedFiles.push(parsed);
    diagnostics.push(...parsed.diagnostics);
    for (const { object, doc } of parsed.documents) {
      const { line, column } = parsed.lines.position(doc.offset);
      if (!isKubeObject(object)) {
        diagnostics.push({
          file: parsed.path,
          line,
          column,
          severity: 'error',
          message: 'not a Kubernetes object: a document needs a string apiVersion and kind',
        });
        continue;
      }
      const from = file.sources?.get(line);
      const source: SourceObject = { object, origin: { file: parsed.path, line, column, ...from } };
      docOf.set(source, { file: parsed, doc });
      objects.push(source);
    }
  }
  const locate: Locator = (obj, path) => {
    const where = docOf.get(obj);
    if (!where) return obj.origin;
    const { line, column } = where.file.lines.position(locateField(where.file.text, where.doc, path));
    const { sourceFile, generator } = obj.origin;
    return {
      file: where.file.path,
      line,
      column,
      ...(sourceFile ? { sourceFile } : {}),
      ...(generator ? { generator } : {}),
    };
  };
  return { files: parsedFiles, objects, diagnostics, locate };
}
