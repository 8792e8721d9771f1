/**
 * The status stage (docs/karmada-compatibility.md#status, README.md#flotilla-status): what happened in every member
 * cluster comes back into the repository. Pure parts: per-object status items (ReflectStatus, InterpretHealth),
 * per-template aggregation and worst-case health, cluster status as Karmada's cluster status
 * controller computes it, and the status-branch file set. Effectful parts: reading member
 * clusters over the KubeClient port and writing the status branch over the GitStore port. It
 * does not apply anything and never writes into the source branch or a working tree.
 */
export * from './health.ts';
export * from './member-item.ts';
export * from './apply-state.ts';
export * from './problems.ts';
export * from './unhealthy-reason.ts';
export * from './template-status.ts';
export type { RenderedFrom, TemplateStatus, UnhealthySince } from './status-types.ts';
export * from './shard-status.ts';
export * from './secret-guard.ts';
export * from './script-timeouts.ts';
export * from './resource-summary.ts';
export * from './node-snapshots.ts';
export * from './cluster-status.ts';
export * from './ready-threshold.ts';
export * from './status-report.ts';
export * from './record-section.ts';
export * from './files/document-fields.ts';
export * from './files/emit-yaml.ts';
export * from './federated-quota-status.ts';
export * from './files/quota-document.ts';
export * from './files/quota-markdown.ts';
export * from './files/agent-summary.ts';
export * from './files/held-back.ts';
export * from './files/binding-document.ts';
export * from './files/cluster-document.ts';
export * from './files/status-markdown.ts';
export * from './files/status-files.ts';
export * from './files/parse-status-tree.ts';
export * from './read-status-branch.ts';
export * from './writer/blob-id.ts';
export * from './writer/write-status-branch.ts';
export * from './status-store.ts';
export * from './errors/index.ts';
export * from './writer/publish-status.ts';
export * from './observe/observe-cluster.ts';
export * from './observe/collect-member-objects.ts';
export * from './agent-report/build-report.ts';
export * from './agent-report/publish-report.ts';
export * from './agent-report/read-reports.ts';
export * from './agent-report/report-document.ts';
export * from './works/manifest-path.ts';
export * from './works/publish-works.ts';
export * from './works/read-work.ts';
export * from './works/work-document.ts';
export * from './works/works-files.ts';
