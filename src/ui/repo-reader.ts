/**
 * Reads what the views need from the fleet repository, local or remote, as the other commands
 * read it: the source rendered at a ref (`plan`'s offline render), the status branch's tip
 * (`status`'s reader), and, for the template and change views, history from `git log`.
 */
import { planOffline } from '../reconcile/index.ts';
import { diffWorks } from '../render/index.ts';
import type { OpenSourceOptions } from '../source/index.ts';
import { isRemoteUrl, locateRepository, runGit } from '../source/index.ts';
import type { StatusBranchView } from '../status/index.ts';
import { openStatusStore } from '../status/index.ts';
import { type ChangeView, clusterChanges } from './change-view.ts';
import { applyHistory, pathHistory, sourceHistory } from './repo-history.ts';
import { StatusReader } from './status-reader.ts';
import type { HistoryEntry } from './template-view.ts';
import { type UiState, uiState, viewSource } from './ui-state.ts';

/** A source commit as the change view's URL may name it: hex only, so it can never read as a git option. */
const COMMIT = /^[0-9a-f]{7,40}$/;

/** Where the repository's objects and refs are: a local checkout's, or a remote's cache. */
async function gitdir(state: UiState): Promise<string> {
  return (await locateRepository(state.input.source.snapshot.root)).commonDir;
}

export class RepoReader {
  private readonly changes = new Map<string, Promise<ChangeView>>();
  private readonly statusReader = new StatusReader();

  readonly source: OpenSourceOptions;

  constructor(source: OpenSourceOptions) {
    this.source = source;
  }

  /** The status branch's tip, or undefined before the first apply. */
  async status(branch: string): Promise<StatusBranchView | undefined> {
    const { store } = await openStatusStore(this.source, branch);
    return this.statusReader.read(store, branch);
  }

  /**
   * The source rendered as `plan --offline` renders it, beside the status branch. Only what the
   * views read of the plan is kept while the status branch is read: the rest (the source's files
   * and parses, the controllers' inputs) can go first (docs/benchmarks.md, "Web view").
   */
  async state(): Promise<UiState> {
    const { source, rendered, diagnostics, feedback, document } = await planOffline({ source: this.source });
    const input = {
      source: viewSource(source),
      rendered,
      diagnostics,
      previousSchedules: feedback.previousSchedules,
      document,
    };
    return uiState({ ...input, status: await this.status(input.source.snapshot.config.statusBranch) });
  }

  /** The same render beside the status branch's new tip. */
  async withStatus(state: UiState): Promise<UiState> {
    const status = await this.status(state.input.source.snapshot.config.statusBranch);
    return uiState({ ...state.input, status }, state);
  }

  /**
   * The commits the source ref and the status branch point at now, read without fetching or
   * rendering; undefined for a remote, which only a full read can tell.
   */
  async heads(state: UiState): Promise<{ source: string; status: string } | undefined> {
    if (isRemoteUrl(this.source.repo)) return undefined;
    const snapshot = state.input.source.snapshot;
    const dir = await gitdir(state);
    const resolve = async (ref: string): Promise<string> => {
      const run = await runGit(dir, ['rev-parse', '--verify', '--quiet', ref]);
      return run.code === 0 ? run.stdout.toString('utf8').trim() : 'none';
    };
    return {
      source: await resolve(`${snapshot.ref}^{commit}`),
      status: await resolve(`refs/heads/${snapshot.config.statusBranch}`),
    };
  }

  /** The status-branch commits that changed one template's binding view. */
  async history(state: UiState, id: string): Promise<HistoryEntry[]> {
    const branch = state.input.source.snapshot.config.statusBranch;
    return pathHistory(await gitdir(state), branch, `resources/${id}.yaml`);
  }

  /**
   * The change one source commit makes (the state's commit when none is named) against `base`
   * (a pull request's base), else against its first parent; cached per pair.
   */
  change(state: UiState, commit: string | undefined, base?: string): Promise<ChangeView> {
    const wanted = commit ?? state.input.source.snapshot.commit;
    for (const [name, value] of [
      ['commit', wanted],
      ['base', base],
    ] as const)
      if (value !== undefined && !COMMIT.test(value))
        return Promise.reject(new RangeError(`${name}: not a commit id: ${value}`));
    const key = `${wanted}..${base ?? ''}`;
    let view = this.changes.get(key);
    if (view === undefined) {
      view = this.computeChange(state, wanted, base);
      view.catch(() => this.changes.delete(key));
      if (this.changes.size >= 32) this.changes.delete(this.changes.keys().next().value as string);
      this.changes.set(key, view);
    }
    return view;
  }

  private async computeChange(state: UiState, commit: string, against: string | undefined): Promise<ChangeView> {
    const dir = await gitdir(state);
    const parent = await runGit(dir, ['rev-parse', '--verify', '--quiet', `${against ?? `${commit}~1`}^{commit}`]);
    if (parent.code !== 0 && against !== undefined) throw new Error(`base: no commit ${against}`);
    const base = parent.code === 0 ? parent.stdout.toString('utf8').trim() : null;
    const source = { ...this.source, ref: commit };
    const plan = base === null ? await planOffline({ source }) : await planOffline({ source, base });
    const changes =
      plan.document.changes ??
      diffWorks(new Map(), new Map(Object.entries(plan.document.works)), { showSecrets: false });
    const branch = plan.source.snapshot.config.statusBranch;
    const full = plan.source.snapshot.commit;
    const [applied, commits, self] = await Promise.all([
      applyHistory(dir, branch, full),
      sourceHistory(dir, state.input.source.snapshot.commit),
      sourceHistory(dir, full, 1),
    ]);
    return {
      commit: full,
      base,
      subject: self[0]?.subject ?? '',
      clusters: clusterChanges(changes),
      replicaMoves: plan.document.replicaMoves ?? [],
      applied,
      commits,
    };
  }
}
