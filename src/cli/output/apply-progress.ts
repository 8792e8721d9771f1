/**
 * Renders the apply runner's events. On a TTY: one line per cluster, rewritten in place as
 * objects are applied. Otherwise: one plain line per change, prune and finished cluster.
 */
import { describeRef } from '../../model/index.ts';
import type { ApplyEvent, ClusterApplyResult } from '../../apply/index.ts';
import type { Paint } from '../color.ts';

interface ClusterLine {
  total: number;
  done: number;
  changed: number;
  failed: number;
  pruned: number;
  state: string;
  final?: string;
}

/** The closing line of one cluster: "member1: 3 created, 1 configured, 12 unchanged, 2 pruned". */
export function clusterSummary(result: ClusterApplyResult, paint: Paint): string {
  if (result.error) return `${paint('bold', result.cluster)}: ${paint('red', `failed: ${result.error.message}`)}`;
  const count = (a: string) => result.objects.filter((o) => o.action === a).length;
  const parts = [
    ['created', count('created')],
    ['configured', count('configured')],
    ['unchanged', count('unchanged')],
    ['suspended', count('suspended')],
    ['conflict', count('conflict')],
    ['failed', count('failed')],
    ['pruned', result.pruned.filter((p) => p.action === 'deleted').length],
    ['prune failed', result.pruned.filter((p) => p.action === 'failed').length],
  ] as const;
  const text = parts
    .filter(([name, n]) => n > 0 || name === 'unchanged')
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');
  return `${paint('bold', result.cluster)}: ${text}`;
}

/** Plain lines: what changed or failed, as it happens. */
export function plainEventLine(event: ApplyEvent, paint: Paint): string | undefined {
  switch (event.type) {
    case 'object': {
      const { outcome: o } = event;
      if (o.action === 'unchanged' || o.action === 'suspended' || o.action === 'skipped') return undefined;
      const bad = o.action === 'failed' || o.action === 'conflict';
      const text = `${o.cluster}: ${describeRef(o.ref)} ${o.action}${o.error ? `: ${o.error.message}` : ''}`;
      return bad ? paint('red', text) : text;
    }
    case 'prune': {
      const { outcome: p } = event;
      const text = `${p.cluster}: ${describeRef(p.ref)} ${p.action === 'deleted' ? 'pruned' : p.action === 'skipped' ? (p.reason ?? 'skipped') : `prune failed: ${p.error?.message ?? ''}`}`;
      return p.action === 'failed' ? paint('red', text) : text;
    }
    case 'prune-blocked':
      return paint(event.block.reason === 'disabled' ? 'dim' : 'red', event.block.message);
    case 'wait':
      return `${event.cluster}: waiting for ${describeRef(event.ref)} to be ${event.condition}`;
    case 'locked':
      return `${event.cluster}: inventory locked by ${event.holder}${event.since ? ` since ${event.since}` : ''}: waiting`;
    case 'cluster-finished':
      return clusterSummary(event.result, paint);
    case 'cluster-started':
    case 'inventory':
      return undefined;
  }
}

/** A live view for a TTY: a line per cluster, redrawn on every event. */
export class ClusterProgress {
  readonly #lines = new Map<string, ClusterLine>();
  readonly #write: (text: string) => void;
  readonly #paint: Paint;
  #drawn = 0;

  constructor(write: (text: string) => void, paint: Paint) {
    this.#write = write;
    this.#paint = paint;
  }

  /** Updates the view with one event; problems are printed above it so they stay on screen. */
  update(event: ApplyEvent): void {
    const line = 'cluster' in event ? this.#line(event.cluster) : undefined;
    switch (event.type) {
      case 'cluster-started':
        if (line) {
          line.total = event.objects;
          line.state = 'applying';
        }
        break;
      case 'object': {
        const l = this.#line(event.outcome.cluster);
        l.done++;
        if (event.outcome.action === 'created' || event.outcome.action === 'configured') l.changed++;
        if (event.outcome.error) {
          l.failed++;
          this.#above(plainEventLine(event, this.#paint));
        }
        break;
      }
      case 'wait':
        if (line) line.state = 'waiting for CRDs';
        break;
      case 'locked':
        if (line) line.state = `waiting for ${event.holder}`;
        break;
      case 'prune': {
        const l = this.#line(event.outcome.cluster);
        if (event.outcome.action === 'deleted') l.pruned++;
        l.state = 'pruning';
        this.#above(event.outcome.action === 'deleted' ? undefined : plainEventLine(event, this.#paint));
        break;
      }
      case 'prune-blocked':
        this.#above(plainEventLine(event, this.#paint));
        break;
      case 'inventory':
        if (line) line.state = 'inventory';
        break;
      case 'cluster-finished':
        this.#line(event.result.cluster).final = clusterSummary(event.result, this.#paint);
        break;
    }
    this.#draw();
  }

  #line(cluster: string): ClusterLine {
    let line = this.#lines.get(cluster);
    if (!line) {
      line = { total: 0, done: 0, changed: 0, failed: 0, pruned: 0, state: 'connecting' };
      this.#lines.set(cluster, line);
    }
    return line;
  }

  #above(text: string | undefined): void {
    if (text === undefined) return;
    this.#clear();
    this.#write(`${text}\n`);
  }

  #clear(): void {
    if (this.#drawn > 0) this.#write(`\x1b[${this.#drawn}A\x1b[J`);
    this.#drawn = 0;
  }

  #draw(): void {
    this.#clear();
    for (const [cluster, l] of this.#lines) {
      const text =
        l.final ??
        `${this.#paint('bold', cluster)}: ${l.done}/${l.total} objects, ${l.changed} changed${l.failed ? `, ${l.failed} failed` : ''}${l.pruned ? `, ${l.pruned} pruned` : ''} (${l.state})`;
      this.#write(`${text}\n`);
    }
    this.#drawn = this.#lines.size;
  }
}
