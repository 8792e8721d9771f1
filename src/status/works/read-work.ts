/**
 * What an agent reads of the works branch: its own folder at one commit (its work.json, the
 * manifests it lists, the customizations), read through the GitStore without a work tree. Every
 * manifest must be the object work.json says it is, labelled as the hub labels what it renders, at the digest
 * work.json records; anything else is a WorkDocumentError naming the file, and the agent applies nothing of that Work.
 */
import { parse } from 'yaml';
import { isRecord, MANAGED_BY_LABEL, MANAGED_BY_VALUE } from '../../model/index.ts';
import { desiredDigest } from '../../apply/index.ts';
import type { KubeObject, ResourceInterpreterCustomization, WorkDocument } from '../../model/index.ts';
import type { GitStore, TreeEntry } from '../../source/index.ts';
import { WorkDocumentError } from '../errors/index.ts';
import { parseWork, WORK_FILE } from './work-document.ts';
import { WORKS_MARKER_FILE } from './works-files.ts';

/** One member's Work as its folder on the works branch holds it. */
export interface ClusterWork {
  /** The works commit read. */
  commit: string;
  document: WorkDocument;
  /** The blob id of work.json: what the agent reports having applied. */
  blob: string;
  /** The manifests, in work.json's (apply) order. */
  manifests: KubeObject[];
  customizations: ResourceInterpreterCustomization[];
}

/** The folder's listing as one string: equal listings are equal Work, whatever else the branch changed. */
export function folderKey(entries: readonly TreeEntry[]): string {
  return entries
    .map((e) => `${e.path}\0${e.oid}`)
    .sort()
    .join('\n');
}

function manifest(text: string, file: string, expected: WorkDocument['objects'][number]): KubeObject {
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw new WorkDocumentError(file, undefined, `not YAML: ${(error as Error).message}`);
  }
  const meta = isRecord(value) && isRecord(value['metadata']) ? value['metadata'] : undefined;
  const same =
    meta !== undefined &&
    value !== null &&
    isRecord(value) &&
    value['apiVersion'] === expected.apiVersion &&
    value['kind'] === expected.kind &&
    (meta['namespace'] ?? '') === expected.namespace &&
    meta['name'] === expected.name;
  if (!same)
    throw new WorkDocumentError(
      file,
      undefined,
      `is not ${expected.kind} ${expected.namespace}/${expected.name} as work.json lists it`,
    );
  const object = value as KubeObject;
  // The hub renders every object with its label and records its digest: anything else was not rendered by the hub.
  if (object.metadata.labels?.[MANAGED_BY_LABEL] !== MANAGED_BY_VALUE)
    throw new WorkDocumentError(
      file,
      undefined,
      `is not labelled ${MANAGED_BY_LABEL}=${MANAGED_BY_VALUE}: not rendered by the hub`,
    );
  if (desiredDigest(object) !== expected.digest)
    throw new WorkDocumentError(
      file,
      undefined,
      `does not match its digest in work.json: changed after the hub wrote it`,
    );
  return object;
}

function customizationList(text: string, file: string): ResourceInterpreterCustomization[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new WorkDocumentError(file, undefined, `not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value) || !value.every((c) => isRecord(c) && c['kind'] === 'ResourceInterpreterCustomization'))
    throw new WorkDocumentError(file, undefined, 'expected a list of ResourceInterpreterCustomizations');
  return value as ResourceInterpreterCustomization[];
}

/**
 * The folder of `cluster` at `commit`, with its listing (see {@link folderKey}); `undefined` when
 * the commit has no folder of that name (the hub has no Work for it).
 */
export async function readClusterWork(
  store: GitStore,
  commit: string,
  cluster: string,
  entries?: readonly TreeEntry[],
): Promise<ClusterWork | undefined> {
  const listing = entries ?? (await store.listTree(commit, cluster));
  if (listing === undefined) return undefined;
  const oids = new Map(listing.map((e) => [e.path, e.oid]));
  const workOid = oids.get(WORK_FILE);
  if (workOid === undefined) throw new WorkDocumentError(`${cluster}/${WORK_FILE}`, undefined, 'missing');
  const first = await store.readBlobs([workOid]);
  const text = first.get(workOid);
  if (text === undefined) throw new WorkDocumentError(`${cluster}/${WORK_FILE}`, undefined, 'cannot be read');
  const document = parseWork(text.toString('utf8'), cluster);
  const files = [...document.objects.map((o) => o.file), ...(document.customizations ? [document.customizations] : [])];
  const blobs = await store.readBlobs(files.map((f) => oids.get(f) ?? ''));
  const content = (file: string): string => {
    const blob = blobs.get(oids.get(file) ?? '');
    if (blob === undefined)
      throw new WorkDocumentError(`${cluster}/${file}`, undefined, 'listed in work.json but missing');
    return blob.toString('utf8');
  };
  return {
    commit,
    document,
    blob: workOid,
    manifests: document.objects.map((o) => manifest(content(o.file), `${cluster}/${o.file}`, o)),
    customizations: document.customizations
      ? customizationList(content(document.customizations), `${cluster}/${document.customizations}`)
      : [],
  };
}

/**
 * The Pull members the works commit's marker names, or `undefined` when the marker is missing or unreadable (a
 * branch that is not the hub's): an agent of a cluster the list lacks is not a Pull member of this repository.
 */
export async function readWorksMembers(store: GitStore, commit: string): Promise<string[] | undefined> {
  const marker = (await store.listTree(commit, ''))?.find((e) => e.path === WORKS_MARKER_FILE);
  if (marker === undefined) return undefined;
  const blob = (await store.readBlobs([marker.oid])).get(marker.oid);
  try {
    const clusters: unknown = blob === undefined ? undefined : JSON.parse(blob.toString('utf8')).clusters;
    return Array.isArray(clusters) && clusters.every((c) => typeof c === 'string') ? clusters : undefined;
  } catch {
    return undefined;
  }
}
