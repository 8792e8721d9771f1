/**
 * An agent publishes its report to its own branch, `flotilla/agents/<cluster>`, with the status
 * branch's publisher: a compare-and-swap locally, a push retried on the new tip remotely, a tip
 * Flotilla did not write refused. One ref per agent: hundreds of agents never race on one branch.
 */
import { agentBranch } from '../../model/index.ts';
import type { AgentReport } from '../../model/index.ts';
import { DEFAULT_COMMIT_AUTHOR } from '../../source/index.ts';
import { isClusterReady } from '../cluster-status.ts';
import type { StatusStore } from '../status-store.ts';
import { publishStatus } from '../writer/publish-status.ts';
import type { PublishResult } from '../writer/publish-status.ts';
import { REPORT_FILE, serializeReport } from './report-document.ts';

function message(report: AgentReport): string {
  const applied = report.objects.filter((o) => o.applied).length;
  const ready = isClusterReady(report.clusterStatus) ? 'Ready' : 'not Ready';
  const trailers = report.work
    ? `\n\nWorks-Commit: ${report.work.worksCommit}\nSource-Commit: ${report.work.sourceCommit}\n`
    : '\n';
  return `Report of ${report.cluster}: ${applied}/${report.objects.length} objects applied, ${ready}${trailers}`;
}

/** Commits (and for a remote, pushes) the report; nothing when the branch already holds it. */
export async function publishReport(target: StatusStore, report: AgentReport, now: Date): Promise<PublishResult> {
  const { content: _content, ...published } = await publishStatus(
    target,
    { files: [{ path: REPORT_FILE, content: serializeReport(report) }], message: message(report) },
    {
      branch: agentBranch(report.cluster),
      marker: REPORT_FILE,
      author: { ...DEFAULT_COMMIT_AUTHOR, timestamp: Math.floor(now.getTime() / 1000) },
    },
  );
  return published;
}
