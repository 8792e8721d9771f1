import { describe, expect, it } from 'vitest';
import type { FeatureGates } from '../../../src/model/index.ts';
import { overallQuotaWarnings } from '../../../src/render/check/federated-quota-overall.ts';
import { fleetLocator } from '../../../src/render/check/locate.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';

const quota = (spec: string) => `apiVersion: policy.karmada.io/v1alpha1
kind: FederatedResourceQuota
metadata: {name: q, namespace: shop}
spec:
${spec}`;

const WARNING =
  "5:3: FederatedResourceQuota/shop/q: spec.overall: the overall limit is not enforced: templates that would exceed it are still scheduled, as in Karmada with its FederatedQuotaEnforcement feature gate off (the default; set featureGates: {FederatedQuotaEnforcement: true} in flotilla.yaml to enforce it); the static assignments are enforced by the members' ResourceQuotas";

describe('the overall limit without FederatedQuotaEnforcement (docs/karmada-compatibility.md#federated-resource-quotas)', () => {
  it.each<[string, string, FeatureGates, string[]]>([
    ['the gate off (the default): a warning', '  overall: {cpu: "2"}', {}, [WARNING]],
    ['the gate off by name: a warning', '  overall: {cpu: "2"}', { FederatedQuotaEnforcement: false }, [WARNING]],
    ['the gate on: enforced, no warning', '  overall: {cpu: "2"}', { FederatedQuotaEnforcement: true }, []],
    ['an empty overall: nothing to enforce', '  overall: {}', {}, []],
  ])('%s', (_name, spec, gates, want) => {
    const parsed = parseSources([{ path: 'q.yaml', blobId: 'q', content: Buffer.from(quota(spec)) }]);
    const { fleet } = loadFleet(parsed);
    const at = fleetLocator(parsed);
    expect(overallQuotaWarnings(fleet, at, gates).map((d) => `${d.line}:${d.column}: ${d.message}`)).toEqual(want);
  });
});
