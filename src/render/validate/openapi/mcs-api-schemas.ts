/**
 * The schemas of the MCS API's ServiceExport and ServiceImport (multicluster.x-k8s.io/v1alpha1), which Karmada installs
 * with its own CRDs, so its API server checks them even when the repository ships no CRD for them
 * (docs/karmada-compatibility.md#serviceexport-and-serviceimport). A ServiceImport needs its ports (each with an
 * integer port) and a type, ClusterSetIP or Headless, and holds at most one IP; a ServiceExport has no spec. Their
 * status is left out, as the template check never reads one.
 */
import { compileSchema } from './compile.ts';
import type { KindSchema } from './kind-schema.ts';
import { MCS_API_GROUP_VERSION } from '../../../model/index.ts';

const string = { type: 'string' };
const top = { apiVersion: string, kind: string, metadata: { type: 'object' } };

const servicePort = {
  type: 'object',
  required: ['port'],
  properties: { name: string, protocol: string, appProtocol: string, port: { type: 'integer', format: 'int32' } },
};

const serviceImport = {
  type: 'object',
  properties: {
    ...top,
    spec: {
      type: 'object',
      required: ['ports', 'type'],
      properties: {
        ports: { type: 'array', items: servicePort },
        ips: { type: 'array', maxItems: 1, items: string },
        type: { type: 'string', enum: ['ClusterSetIP', 'Headless'] },
        sessionAffinity: string,
        sessionAffinityConfig: {
          type: 'object',
          properties: {
            clientIP: { type: 'object', properties: { timeoutSeconds: { type: 'integer', format: 'int32' } } },
          },
        },
      },
    },
  },
};

const serviceExport = { type: 'object', properties: top };

const noRefs = () => ({});
const RAW = new Map<string, Record<string, unknown>>([
  ['ServiceImport', serviceImport],
  ['ServiceExport', serviceExport],
]);
/** Compiled on first use: most fleets hold neither kind, and every command would pay at load. */
const compiled = new Map<string, KindSchema>();

/** The schema Karmada's installed CRD gives an MCS API kind, or undefined for any other kind. */
export function mcsApiSchema(apiVersion: string, kind: string): KindSchema | undefined {
  const raw = apiVersion === MCS_API_GROUP_VERSION ? RAW.get(kind) : undefined;
  if (raw === undefined) return undefined;
  const known = compiled.get(kind);
  if (known !== undefined) return known;
  const schema = { root: compileSchema(raw), resolve: noRefs };
  compiled.set(kind, schema);
  return schema;
}
