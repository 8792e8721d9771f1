import { posix } from 'node:path';
import { isMap, isScalar, isSeq, parse, parseDocument, type Document } from 'yaml';
import type { RenderedSource } from '../../model/index.ts';

/** Where kustomize says one object of a build came from, relative to the fleet. */
export type { RenderedSource } from '../../model/index.ts';

const ORIGIN_LINE = /^( +)config\.kubernetes\.io\/origin: \|[-+]?$/;

/**
 * The root's kustomization asking kustomize (v5's `buildMetadata: [originAnnotations]`) to
 * annotate every object with where it came from: set only in Flotilla's scratch copy, never in the
 * user's file. `undefined` when the kustomization asks for it already, or has a `buildMetadata` that
 * is not a list: then the annotations are the user's and stay in the output.
 */
export function withOriginAnnotations(text: string): string | undefined {
  const doc: Document = parseDocument(text);
  if (!isMap(doc.contents)) return undefined;
  const metadata = doc.contents.get('buildMetadata');
  if (metadata === undefined) doc.contents.set('buildMetadata', doc.createNode(['originAnnotations']));
  else if (isSeq(metadata) && !metadata.items.some((item) => isScalar(item) && item.value === 'originAnnotations'))
    metadata.add(doc.createNode('originAnnotations'));
  else return undefined;
  return doc.toString();
}

/**
 * `kustomize build`'s output without the origin annotations {@link withOriginAnnotations} asked
 * for (so it is what a build without them prints, byte for byte), and each object's source by the
 * line its document starts on in that output. `folder` is the root's folder in the fleet, which the
 * annotations' paths are relative to.
 */
export function stripOrigins(
  output: string,
  folder: string,
): { manifest: string; sources: Map<number, RenderedSource> } {
  const sources = new Map<number, RenderedSource>();
  const kept: string[] = [];
  const lines = output.split('\n');
  let start = 1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const indent = ORIGIN_LINE.exec(line)?.[1]?.length;
    if (indent === undefined) {
      kept.push(line);
      if (line === '---') start = kept.length + 1;
      continue;
    }
    const block: string[] = [];
    while (i + 1 < lines.length && indentOf(lines[i + 1] ?? '') > indent) block.push(lines[++i] ?? '');
    const source = sourceOf(block, folder);
    if (source) sources.set(start, source);
    // An `annotations:` left with nothing under it was there for the origin alone.
    if (kept.at(-1) === `${' '.repeat(indent - 2)}annotations:` && indentOf(lines[i + 1] ?? '') < indent) kept.pop();
  }
  return { manifest: kept.join('\n'), sources };
}

/** An empty line has none, so it ends a block. */
function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function sourceOf(block: readonly string[], folder: string): RenderedSource | undefined {
  const margin = Math.min(...block.map(indentOf));
  const origin: unknown = parse(block.map((line) => line.slice(margin)).join('\n'));
  if (typeof origin !== 'object' || origin === null) return undefined;
  const { path, configuredIn, configuredBy } = origin as Record<string, unknown>;
  const file = typeof path === 'string' ? path : typeof configuredIn === 'string' ? configuredIn : undefined;
  if (file === undefined) return undefined;
  const kind = (configuredBy as Record<string, unknown> | undefined)?.kind;
  const sourceFile = posix.normalize(posix.join(folder, file));
  return typeof kind === 'string' ? { sourceFile, generator: kind } : { sourceFile };
}
