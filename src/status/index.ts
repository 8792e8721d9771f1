/**
 * The status stage (docs/karmada-compatibility.md#status, README.md#flotilla-status): what happened in every member
 * cluster comes back into the repository. Pure parts: per-object status items (ReflectStatus, InterpretHealth),
 * per-template aggregation and worst-case health, cluster status as Karmada's cluster status
 * controller computes it, and the status-branch file set. Effectful parts: reading member
 * clusters over the KubeClient port and writing the status branch over the GitStore port. It
 * does not apply anything and never writes into the source branch or a working tree.
 */
export { HEALTH_ORDER, worstHealth } from './health.ts';
export { memberStatusItem, type MemberObservation } from './member-item.ts';
export { applyState } from './apply-state.ts';
export { problemLines, readyReplicas } from './problems.ts';
export { unhealthyReason, unhealthyReasons } from './unhealthy-reason.ts';
export {
  renderedFrom,
  templateStatus,
  templateStatusFromItems,
  type TemplateItemsInput,
  type TemplateStatusInput,
} from './template-status.ts';
export type { RenderedFrom, TemplateStatus, UnhealthySince } from './status-types.ts';
export {
  mergeShardClusters,
  mergeShardMembers,
  shardTipPaths,
} from './shard-status.ts';
export { withoutSecretValues } from './secret-guard.ts';
export { scriptTimeoutLine, scriptTimeoutProblems } from './script-timeouts.ts';
export { clusterAllocatable, nodeSummary, resourceSummary } from './resource-summary.ts';
export { nodeObservation, nodeSnapshots, podSnapshots } from './node-snapshots.ts';
export {
  apiEnablements,
  computeClusterStatus,
  isClusterReady,
  READY_CONDITIONS,
  type ClusterObservation,
} from './cluster-status.ts';
export {
  DEFAULT_READY_THRESHOLDS,
  thresholdReady,
  type ReadyStreak,
  type ReadyThresholds,
} from './ready-threshold.ts';
export {
  commitMessage,
  commitSubject,
  statusCounts,
  type AgentSummary,
  type ClusterReport,
  type StatusCounts,
  type StatusReport,
} from './status-report.ts';
export {
  documentPerEntry,
  sectionOf,
  type DocumentFields,
  type OwnsMember,
  type RecordFile,
  type RecordSection,
  type RecordSections,
  type SectionRecords,
  type Warn,
} from './record-section.ts';
export { count, text } from './files/document-fields.ts';
export { emitYaml } from './files/emit-yaml.ts';
export {
  federatedQuotaStatus,
  overallUsed,
  withShardQuotaMembers,
  type FederatedQuotaReport,
} from './federated-quota-status.ts';
export { parseQuotaDocument, quotaDocument, quotaPath } from './files/quota-document.ts';
export { quotaRows, quotaSection, quotaUsage } from './files/quota-markdown.ts';
export { agentLine } from './files/agent-summary.ts';
export { heldBackLines, heldBackPrunes } from './files/held-back.ts';
export { bindingDocument, bindingName, parseBindingDocument, resourcePath } from './files/binding-document.ts';
export { clusterDocument, clusterPath, parseClusterDocument } from './files/cluster-document.ts';
export {
  DEFAULT_STATUS_MARKDOWN_OPTIONS,
  statusMarkdown,
  type StatusMarkdownOptions,
} from './files/status-markdown.ts';
export { comparableContent, STATUS_MARKDOWN_FILE, statusFiles, SUMMARY_FILE } from './files/status-files.ts';
export {
  parseStatusTree,
  type ParsedStatusTree,
  type StatusSummary,
  type TemplateDetail,
  type TemplatePlacement,
} from './files/parse-status-tree.ts';
export {
  DEFAULT_READ_STATUS_OPTIONS,
  readStatusBranch,
  readStatusCommit,
  type ReadStatusOptions,
  type StatusBranchView,
} from './read-status-branch.ts';
export { gitBlobId } from './writer/blob-id.ts';
export {
  DEFAULT_STATUS_WRITE_OPTIONS,
  sameTree,
  writeStatusBranch,
  type StatusWriteOptions,
  type StatusWriteResult,
} from './writer/write-status-branch.ts';
export {
  fetchStatusBranch,
  openStatusStore,
  type OpenStatusStoreOptions,
  type RemoteStatusTarget,
  type StatusStore,
} from './status-store.ts';
export { ForeignStatusBranchError, StatusPushError } from './errors/index.ts';
export {
  DEFAULT_PUBLISH_OPTIONS,
  publishStatus,
  type PublishOptions,
  type Published,
  type PublishResult,
  type StatusBase,
  type StatusCommit,
  type StatusComposer,
} from './writer/publish-status.ts';
export { memberVersion, observeCluster } from './observe/observe-cluster.ts';
export {
  collectMemberObjects,
  DEFAULT_COLLECT_OPTIONS,
  type CollectOptions,
} from './observe/collect-member-objects.ts';
export { agentReport, type ReportInput } from './agent-report/build-report.ts';
export { publishReport } from './agent-report/publish-report.ts';
export {
  readAgentReport,
  readAgentReports,
  type AgentReportRead,
  type AgentReports,
} from './agent-report/read-reports.ts';
export { parseReport, REPORT_FILE, serializeReport } from './agent-report/report-document.ts';
export { manifestPath } from './works/manifest-path.ts';
export { publishWorks, type WorksWriteOptions, type WorksWriteResult } from './works/publish-works.ts';
export { worksHoldFolders } from './works/publish-works.ts';
export { folderKey, readClusterWork, readWorksMembers, type ClusterWork } from './works/read-work.ts';
export { parseWork, serializeWork, WORK_FILE } from './works/work-document.ts';
export {
  clusterFolders,
  CUSTOMIZATIONS_FILE,
  KUSTOMIZATION_FILE,
  WORKS_MARKER_FILE,
  workDigest,
  type PullWork,
  type PullWorkItem,
  type WorksInput,
} from './works/works-files.ts';
export { WorkDocumentError } from './errors/index.ts';
