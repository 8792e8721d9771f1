/**
 * A controller's own part of the status branch (docs/architecture.md, "Adding a controller"): the
 * files it writes in a folder of its own, how they read back, and its STATUS.md section, or the
 * fields it keeps in the fleet's cluster and binding documents. The
 * status writer, the tree reader and STATUS.md sit on a floor below the controllers, so whoever
 * composes a pass or a command hands them the registry's sections, and they iterate over them
 * knowing none.
 */
import type { ClusterReport, StatusReport } from './status-report.ts';
import type { TemplateStatus } from './status-types.ts';

/** Receives why part of a status document was ignored. */
export type Warn = (message: string) => void;

/** Whether this replica observes a member (it holds the member's shard). */
export type OwnsMember = (cluster: string) => boolean;

/** One file of a section: its path on the branch and the document written there as YAML. */
export interface RecordFile {
  path: string;
  document: unknown;
}

/**
 * What a section keeps as fields of the fleet's shared documents rather than in files of its own
 * (failover: a Cluster's `spec.taints`, a binding's `spec.gracefulEvictionTasks` and
 * `status.unhealthySince`, as Karmada keeps them): the fields stay in the fleet's report, and these
 * hooks write them, read them back, merge them under shards and show them in STATUS.md.
 */
export interface DocumentFields {
  /** The fields it adds to a cluster document's `spec`; none: `{}`. */
  clusterSpec(cluster: ClusterReport): Record<string, unknown>;
  /** Its part of a cluster report, from a cluster document's `spec` read back. */
  readClusterSpec(spec: Record<string, unknown>, warn: Warn): Partial<ClusterReport>;
  /** The fields it adds to a binding document's `spec` and `status`. */
  bindingFields(template: TemplateStatus): { spec: Record<string, unknown>; status: Record<string, unknown> };
  /** Its part of a template's status, from a binding document's `spec` and `status` read back. */
  readBinding(spec: Record<string, unknown>, status: Record<string, unknown>, warn: Warn): Partial<TemplateStatus>;
  /**
   * The first of its keys of a binding's `status`, sorted after every key of the fleet's own, from
   * where the placement-only reader parses `status` (planning needs them); absent: it adds none.
   */
  readonly placementStatusKey?: string;
  /**
   * The template with its fields merged under shards (`run --shards`): this replica's for what it
   * owns, the tip's (`tip`, the binding the other replicas wrote) for the rest; `holders`: the
   * members whose Work holds the template in this render.
   */
  mergeShard(
    template: TemplateStatus,
    holders: readonly string[],
    owns: OwnsMember,
    tip: TemplateStatus | undefined,
  ): TemplateStatus;
  /** Its STATUS.md section, from the fleet's report; empty when it has nothing to show. */
  markdown(report: Pick<StatusReport, 'clusters' | 'templates'>): string[];
  /** Its part of `flotilla status` as text, from the fleet's report: a heading and its lines; no lines, nothing is shown. */
  statusLines(report: Pick<StatusReport, 'clusters' | 'templates'>): { title: string; lines: string[] };
}

export interface RecordSection<R> {
  /** The registration's name: its record's key in a report's and a tree's `records`. */
  readonly name: string;
  /** The folder of the branch it owns, e.g. `rebalancers/`: every `.yaml` file under it is its; absent: none. */
  readonly folder?: string;
  /** Its files for a record. */
  files?(record: R): RecordFile[];
  /**
   * Folds one of its files (as parsed YAML, `undefined` when it is not YAML) into the record read
   * so far (`undefined` before the first); a file that does not read is warned about and skipped.
   */
  read?(record: R | undefined, path: string, document: unknown, warn: Warn): R | undefined;
  /** Its STATUS.md section from its record; empty when it has nothing to show. */
  markdown?(record: R): string[];
  /** Its fields of the fleet's cluster and binding documents; absent: none. */
  readonly fields?: DocumentFields;
  /**
   * Its part of a template's status, from its record of the pass (`run`: the status step's
   * `records`), e.g. failover's eviction tasks; absent: it adds none.
   */
  templateStatus?(record: R, status: TemplateStatus): TemplateStatus;
  /** Its part of a member's cluster report, from its record of the pass; absent: none. */
  clusterReport?(record: R, cluster: string): Partial<ClusterReport>;
  /**
   * The members a template's binding document has entries of besides those holding it, from its
   * record of the pass (failover: the members its eviction tasks keep out); absent: none.
   */
  concernedMembers?(record: R, template: string): readonly string[];
  /**
   * Where STATUS.md shows its sections: `fleet` beside the fleet's own, before the federated
   * quotas; by default after them, in registry order.
   */
  readonly markdownOrder?: 'fleet' | 'controllers';
}

/** Each section's document fields, in order. */
export function documentFieldsOf(sections: RecordSections): DocumentFields[] {
  return sections.flatMap((s) => (s.fields ? [s.fields] : []));
}

/** The sections the writer and the reader iterate over, whatever their records. */
export type RecordSections = readonly RecordSection<unknown>[];

/** The sections' records by section name; a section with nothing to record is absent. */
export type SectionRecords = Readonly<Record<string, unknown>>;

/** The section that owns a path of the branch, if one does. */
export function sectionOf(sections: RecordSections, path: string): RecordSection<unknown> | undefined {
  return path.endsWith('.yaml') ? sections.find((s) => s.folder !== undefined && path.startsWith(s.folder)) : undefined;
}

/** The files and the read-back of a record that is a list, one document per entry. */
export function documentPerEntry<T>(
  path: (entry: T) => string,
  document: (entry: T) => unknown,
  parse: (document: unknown, warn: Warn) => T | undefined,
): Required<Pick<RecordSection<readonly T[]>, 'files' | 'read'>> {
  return {
    files: (list) => list.map((entry) => ({ path: path(entry), document: document(entry) })),
    read: (list, _path, doc, warn) => {
      const entry = parse(doc, warn);
      return entry ? [...(list ?? []), entry] : list;
    },
  };
}
