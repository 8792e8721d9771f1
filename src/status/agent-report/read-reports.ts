/**
 * The hub's read of its Pull members' reports (docs/karmada-compatibility.md#pull-mode): each
 * agent's branch, `flotilla/agents/<cluster>`, at its tip, through the GitStore (a remote's branches
 * fetched into the cache first, one after another: the cache's shallow list is rewritten by each
 * fetch). Reading never fails a pass: a branch that is missing or holds no readable report is a
 * member that has not reported, with the reason kept for the status step's problem lines.
 */
import { agentBranch, MAX_REPORT_BYTES } from '../../model/index.ts';
import type { AgentReport } from '../../model/index.ts';
import type { GitStore, OpenSourceOptions } from '../../source/index.ts';
import { fetchStatusBranch, openStatusStore } from '../status-store.ts';
import { parseReport, REPORT_FILE } from './report-document.ts';

/** What the hub found on one agent's branch. */
export interface AgentReportRead {
  /** The report, when the branch holds a readable one. */
  report?: AgentReport;
  /** The branch's commit that was read; absent when the branch does not exist. */
  commit?: string;
  /** Why the branch's tip gave no report. */
  problem?: string;
}

/** Per Pull member, what its agent's branch holds. */
export type AgentReports = ReadonlyMap<string, AgentReportRead>;

/** One agent's report at the tip of its branch in `store`. */
export async function readAgentReport(store: GitStore, cluster: string): Promise<AgentReportRead> {
  const branch = agentBranch(cluster);
  const commit = await store.readRef(`refs/heads/${branch}`);
  if (commit === undefined) return {};
  const entry = (await store.listTree(commit, ''))?.find((e) => e.path === REPORT_FILE);
  const blob = entry ? (await store.readBlobs([entry.oid])).get(entry.oid) : undefined;
  if (blob === undefined) return { commit, problem: `${branch} holds no ${REPORT_FILE}` };
  if (blob.length > MAX_REPORT_BYTES)
    return {
      commit,
      problem: `${branch}: ${REPORT_FILE} is ${blob.length} bytes, more than a report may have (${MAX_REPORT_BYTES}); not read`,
    };
  const report = parseReport(blob.toString('utf8'), cluster);
  return report instanceof Error ? { commit, problem: `${branch}: ${report.message}` } : { commit, report };
}

/** Every named member's report, from the repository `source` names. */
export async function readAgentReports(
  source: OpenSourceOptions,
  clusters: readonly string[],
): Promise<Map<string, AgentReportRead>> {
  const out = new Map<string, AgentReportRead>();
  if (clusters.length === 0) return out;
  const first = await openStatusStore(source, agentBranch(clusters[0] ?? ''), { fetch: false });
  const unfetched = new Map<string, string>();
  for (const cluster of first.remote ? clusters : []) {
    await fetchStatusBranch(first.remote!, agentBranch(cluster)).catch((error: unknown) => {
      unfetched.set(cluster, (error as Error).message);
    });
  }
  // Opened again after the fetches: a store lists the packs that existed when it was opened.
  const { store } = first.remote
    ? await openStatusStore(source, agentBranch(clusters[0] ?? ''), { fetch: false })
    : first;
  for (const cluster of clusters) {
    const branch = agentBranch(cluster);
    const failed = unfetched.get(cluster);
    out.set(
      cluster,
      failed !== undefined
        ? { problem: `${branch} could not be fetched: ${failed}` }
        : await readAgentReport(store, cluster).catch((error: unknown) => ({
            problem: `${branch} could not be read: ${(error as Error).message}`,
          })),
    );
  }
  return out;
}
