/**
 * The works branch's tree for one pass (docs/karmada-compatibility.md#pull-mode): per Pull member a
 * folder with its manifests in the `plan --out-dir` layout, its work.json, a kustomization.yaml
 * listing the manifests to apply (so Argo CD or Flux can follow the folder as it is) and, when the
 * repository has any, its ResourceInterpreterCustomizations; `works.json` at the root marks the
 * branch as Flotilla's. Pure. Serialising a manifest is the costly part, so each manifest's text
 * and digest are kept per object: the run loop's unchanged templates keep their objects between
 * passes, and only the changed ones are serialised again.
 */
import { compareBytes, refKey, SOURCE_COMMIT_ANNOTATION } from '../../model/index.ts';
import type {
  KubeObject,
  ObjectRef,
  PolicyRef,
  ResourceInterpreterCustomization,
  TenantGrant,
  WorkDocument,
} from '../../model/index.ts';
import { desiredDigest } from '../../apply/index.ts';
import type { PruneSettings } from '../../apply/index.ts';
import type { CommitFile } from '../../source/index.ts';
import { emitYaml } from '../files/emit-yaml.ts';
import { manifestPath } from './manifest-path.ts';
import { serializeWork, WORK_FILE } from './work-document.ts';

/** The root file every works-branch commit holds. */
export const WORKS_MARKER_FILE = 'works.json';
/** A cluster's customizations file, inside its folder. */
export const CUSTOMIZATIONS_FILE = 'customizations.json';
/** A cluster's kustomization, inside its folder. */
export const KUSTOMIZATION_FILE = 'kustomization.yaml';

/** One manifest of a Pull member's Work (the render's WorkItem fits). */
export interface PullWorkItem {
  manifest: KubeObject;
  template: ObjectRef;
  suspended: boolean;
  preserveOnDeletion: boolean;
}

/** One Pull member's Work as the pass leaves it. */
export interface PullWork {
  cluster: string;
  /** In apply order, without the templates the controllers hold back. */
  items: readonly PullWorkItem[];
  /** Templates (refKey) whose copy stays in the member although the Work lacks it, with why. */
  keptCopies: ReadonlyMap<string, string>;
}

/** What the works branch is written from. */
export interface WorksInput {
  sourceCommit: string;
  prune: PruneSettings;
  works: readonly PullWork[];
  /** The claiming policy of each template, by refKey. */
  policies: ReadonlyMap<string, PolicyRef>;
  customizations: readonly ResourceInterpreterCustomization[];
  /** The tenant owning each template (refKey) and each tenant's grant; absent without tenants. */
  tenancy?: { owners: ReadonlyMap<string, string>; grants: ReadonlyMap<string, TenantGrant> };
}

/** One cluster's folder: its files (paths inside the folder) and its work document. */
export interface ClusterFolder {
  cluster: string;
  files: CommitFile[];
  work: WorkDocument;
}

const rendered = new WeakMap<KubeObject, { text: string; digest: string }>();
const digests = new WeakMap<KubeObject, string>();

/**
 * A rendered manifest's desired digest, computed once per object (rendered objects are never
 * changed): the works branch writes it into work.json and the status step compares the agent's
 * report with it, in the same pass.
 */
export function workDigest(manifest: KubeObject): string {
  let digest = digests.get(manifest);
  if (digest === undefined) {
    digest = desiredDigest(manifest);
    digests.set(manifest, digest);
  }
  return digest;
}

/**
 * The manifest as a Pull folder holds it: without the source commit, which work.json and the commit message carry, so
 * a file changes only when its object does (a member's Argo CD or Flux then re-syncs only what changed). The digest
 * ignores that annotation already.
 */
function folderManifest(manifest: KubeObject): KubeObject {
  const annotations = manifest.metadata.annotations;
  if (!annotations || !Object.hasOwn(annotations, SOURCE_COMMIT_ANNOTATION)) return manifest;
  const { [SOURCE_COMMIT_ANNOTATION]: _commit, ...rest } = annotations;
  const { annotations: _all, ...metadata } = manifest.metadata;
  return { ...manifest, metadata: Object.keys(rest).length > 0 ? { ...metadata, annotations: rest } : metadata };
}

/** A manifest's YAML and digest, computed once per object. */
function manifestText(manifest: KubeObject): { text: string; digest: string } {
  let done = rendered.get(manifest);
  if (done === undefined) {
    done = { text: emitYaml(folderManifest(manifest)), digest: workDigest(manifest) };
    rendered.set(manifest, done);
  }
  return done;
}

function workPrune(prune: PruneSettings): WorkDocument['prune'] {
  return {
    allowed: prune.enabled && !prune.sourceHasErrors,
    enabled: prune.enabled,
    sourceHasErrors: prune.sourceHasErrors,
    maxFraction: prune.maxFraction,
    allowMassPrune: prune.allowMassPrune,
  };
}

function kustomization(files: readonly string[]): string {
  return emitYaml({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources: files });
}

/** Grants by tenant name, in byte order, so equal Works give equal bytes. */
function sortedGrants(tenants: Record<string, TenantGrant>): Record<string, TenantGrant> {
  return Object.fromEntries(Object.entries(tenants).sort(([a], [b]) => compareBytes(a, b)));
}

/** The folder of one Pull member. */
export function clusterFolder(input: WorksInput, work: PullWork, customizations: string | undefined): ClusterFolder {
  const files: CommitFile[] = [];
  const objects: WorkDocument['objects'] = [];
  const applied: string[] = [];
  const tenants: Record<string, TenantGrant> = {};
  for (const item of work.items) {
    const tenant = input.tenancy?.owners.get(refKey(item.template));
    const grant = tenant === undefined ? undefined : input.tenancy?.grants.get(tenant);
    if (tenant !== undefined && grant !== undefined) tenants[tenant] = grant;
    const file = manifestPath(item.manifest);
    const { text, digest } = manifestText(item.manifest);
    const { apiVersion, kind, metadata } = item.manifest;
    files.push({ path: file, content: text });
    if (!item.suspended) applied.push(file);
    objects.push({
      file,
      apiVersion,
      kind,
      namespace: metadata.namespace ?? '',
      name: metadata.name ?? '',
      digest,
      template: item.template,
      policy: input.policies.get(refKey(item.template)) ?? null,
      suspended: item.suspended,
      preserveOnDeletion: item.preserveOnDeletion,
      ...(tenant !== undefined ? { tenant } : {}),
    });
  }
  const document: WorkDocument = {
    cluster: work.cluster,
    sourceCommit: input.sourceCommit,
    prune: workPrune(input.prune),
    objects,
    keptCopies: [...work.keptCopies]
      .sort(([a], [b]) => compareBytes(a, b))
      .map(([template, reason]) => ({ template, reason })),
    ...(customizations !== undefined ? { customizations: CUSTOMIZATIONS_FILE } : {}),
    ...(Object.keys(tenants).length > 0 ? { tenants: sortedGrants(tenants) } : {}),
  };
  files.push({ path: WORK_FILE, content: serializeWork(document) });
  files.push({ path: KUSTOMIZATION_FILE, content: kustomization(applied) });
  if (customizations !== undefined) files.push({ path: CUSTOMIZATIONS_FILE, content: customizations });
  return { cluster: work.cluster, files, work: document };
}

/** Every Pull member's folder, in name order. */
export function clusterFolders(input: WorksInput): ClusterFolder[] {
  const customizations =
    input.customizations.length > 0 ? `${JSON.stringify(input.customizations, null, 2)}\n` : undefined;
  return [...input.works]
    .sort((a, b) => compareBytes(a.cluster, b.cluster))
    .map((work) => clusterFolder(input, work, customizations));
}

/** works.json: which members have a folder. */
export function worksMarker(clusters: readonly string[]): CommitFile {
  return {
    path: WORKS_MARKER_FILE,
    content: `${JSON.stringify({ clusters: [...clusters].sort(compareBytes) }, null, 2)}\n`,
  };
}
