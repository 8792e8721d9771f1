import { describe, expect, it } from 'vitest';
import { autoscalingTargetWarnings } from '../../../src/render/check/autoscaling-targets.ts';
import { fleetLocator } from '../../../src/render/check/locate.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';

const web = (labels = '') => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop${labels}}
spec: {replicas: 2, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}}`;
const hpa = (name: string, target = 'web') => `apiVersion: autoscaling.karmada.io/v1alpha1
kind: FederatedHPA
metadata: {name: ${name}, namespace: shop}
spec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: ${target}}, maxReplicas: 5}`;
const cron = (target: string) => `apiVersion: autoscaling.karmada.io/v1alpha1
kind: CronFederatedHPA
metadata: {name: nightly, namespace: shop}
spec: {scaleTargetRef: ${target}, rules: [{name: r, schedule: "@daily", targetMaxReplicas: 2}]}`;

function warnings(...docs: string[]): string[] {
  const parsed = parseSources([{ path: 'fleet.yaml', blobId: 'b', content: Buffer.from(docs.join('\n---\n')) }]);
  const { fleet, diagnostics } = loadFleet(parsed);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return autoscalingTargetWarnings(fleet, fleetLocator(parsed)).map((d) => `${d.line}: ${d.message}`);
}

describe('autoscaler targets across objects (validate and plan warnings)', () => {
  it('a FederatedHPA on a template of the repository: nothing to say', () => {
    expect(warnings(web(), hpa('web'))).toEqual([]);
  });

  it.each([
    [
      'a target no template is',
      [web(), hpa('web', 'api')],
      ['9: FederatedHPA/shop/web: spec.scaleTargetRef: no template Deployment/shop/api (apiVersion apps/v1) in the repository: nothing is scaled'],
    ],
    [
      'a target with the retain-replicas label',
      [web(', labels: {resourcetemplate.karmada.io/retain-replicas: "true"}'), hpa('web')],
      [
        '9: FederatedHPA/shop/web: spec.scaleTargetRef: Deployment/shop/web carries the resourcetemplate.karmada.io/retain-replicas label: each member keeps its own replicas, so the count decided here does not reach them',
      ],
    ],
    [
      'two FederatedHPAs on one workload',
      [web(), hpa('a'), hpa('b')],
      [
        '9: FederatedHPA/shop/a: spec.scaleTargetRef: the FederatedHPAs shop/a, shop/b scale the same workload: neither scales it (AmbiguousSelector)',
        '14: FederatedHPA/shop/b: spec.scaleTargetRef: the FederatedHPAs shop/a, shop/b scale the same workload: neither scales it (AmbiguousSelector)',
      ],
    ],
    [
      'a CronFederatedHPA on a FederatedHPA the repository does not have',
      [web(), cron('{apiVersion: autoscaling.karmada.io/v1alpha1, kind: FederatedHPA, name: web}')],
      ['9: CronFederatedHPA/shop/nightly: spec.scaleTargetRef: no FederatedHPA shop/web in the repository: the rules fail'],
    ],
  ])('%s', (_name, docs, want) => {
    expect(warnings(...docs)).toEqual(want);
  });
});
