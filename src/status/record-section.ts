/**
 * A controller's own part of the status branch (docs/architecture.md, "Adding a controller"): the
 * files it writes in a folder of its own, how they read back, and its STATUS.md section. The
 * status writer, the tree reader and STATUS.md sit on a floor below the controllers, so whoever
 * composes a pass or a command hands them the registry's sections, and they iterate over them
 * knowing none.
 */
import type { Warn } from '../controllers/failover/failover-fields.ts';

/** One file of a section: its path on the branch and the document written there as YAML. */
export interface RecordFile {
  path: string;
  document: unknown;
}

export interface RecordSection<R> {
  /** The registration's name: its record's key in a report's and a tree's `records`. */
  readonly name: string;
  /** The folder of the branch it owns, e.g. `rebalancers/`: every `.yaml` file under it is its. */
  readonly folder: string;
  /** Its files for a record. */
  files(record: R): RecordFile[];
  /**
   * Folds one of its files (as parsed YAML, `undefined` when it is not YAML) into the record read
   * so far (`undefined` before the first); a file that does not read is warned about and skipped.
   */
  read(record: R | undefined, path: string, document: unknown, warn: Warn): R | undefined;
  /** Its STATUS.md section; empty when it has nothing to show. */
  markdown(record: R): string[];
}

/** The sections the writer and the reader iterate over, whatever their records. */
export type RecordSections = readonly RecordSection<unknown>[];

/** The sections' records by section name; a section with nothing to record is absent. */
export type SectionRecords = Readonly<Record<string, unknown>>;

/** The section that owns a path of the branch, if one does. */
export function sectionOf(sections: RecordSections, path: string): RecordSection<unknown> | undefined {
  return path.endsWith('.yaml') ? sections.find((s) => path.startsWith(s.folder)) : undefined;
}

/** The files and the read-back of a record that is a list, one document per entry. */
export function documentPerEntry<T>(
  path: (entry: T) => string,
  document: (entry: T) => unknown,
  parse: (document: unknown, warn: Warn) => T | undefined,
): Pick<RecordSection<readonly T[]>, 'files' | 'read'> {
  return {
    files: (list) => list.map((entry) => ({ path: path(entry), document: document(entry) })),
    read: (list, _path, doc, warn) => {
      const entry = parse(doc, warn);
      return entry ? [...(list ?? []), entry] : list;
    },
  };
}
