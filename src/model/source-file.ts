import type { Origin } from './diagnostic.ts';

/** A render root's object's source inside the root, as kustomize's origin annotation says. */
export type RenderedSource = Required<Pick<Origin, 'sourceFile'>> & Pick<Origin, 'generator'>;

/** One manifest file read at a commit: what source reads and render parses, so it lives below both. */
export interface SourceFile {
  /** Relative to the fleet root (repository root plus `--path`), posix separators. */
  path: string;
  /** The git blob id: equal ids mean equal bytes, so later stages cache parses by it. */
  blobId: string;
  content: Buffer;
  /** A render root's output: each object's source inside the root, by the line its document starts on. */
  sources?: ReadonlyMap<number, RenderedSource>;
}
