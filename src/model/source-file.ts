/** One manifest file read at a commit: what source reads and render parses, so it lives below both. */
export interface SourceFile {
  /** Relative to the fleet root (repository root plus `--path`), posix separators. */
  path: string;
  /** The git blob id: equal ids mean equal bytes, so later stages cache parses by it. */
  blobId: string;
  content: Buffer;
}
