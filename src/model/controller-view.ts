/**
 * What a controller of `run` shows of itself to people: its section of STATUS.md, `flotilla status`,
 * `plan`/`explain` and the web view, as data. Each controller builds its sections in its own
 * folder; the readers render them (markdown, terminal, HTML) without knowing which controller
 * made them, so nothing about one controller lives outside its folder.
 */

/** One controller's section. */
export interface ViewSection {
  /** The registry name of the controller, e.g. `failover`. */
  controller: string;
  /** A heading for people, e.g. `Failover and evictions`. */
  title: string;
  blocks: ViewBlock[];
}

/** A cell's tone, for colour where the reader has it; the text always says the same on its own. */
export type ViewTone = 'ok' | 'warn' | 'error' | 'neutral';

export interface ViewCell {
  text: string;
  tone?: ViewTone;
}

export type ViewBlock =
  | { kind: 'table'; title?: string; columns: string[]; rows: ViewCell[][] }
  | { kind: 'facts'; title?: string; items: { label: string; value: ViewCell }[] }
  | {
      kind: 'series';
      title: string;
      /** What the values count, e.g. `replicas`. */
      unit?: string;
      /** RFC 3339 times, in order; one line per `series` name. */
      points: { at: string; series: string; value: number }[];
    }
  | { kind: 'text'; text: string };
