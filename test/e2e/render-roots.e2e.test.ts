// Kustomize overlays and Helm charts (through helmCharts) rendered by the real programs and applied
// to the local fleet: a values-file change touches only that release, a broken root prunes nothing,
// and `.Capabilities.KubeVersion` answers the members' version from the first pass on.
import { execFileSync } from 'node:child_process';
import { CoreV1Api, VersionApi } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { FleetRepo, policy } from './helpers/apply-fleet.ts';
import { apiFor, memberNames } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';

const CONFIGMAPS = policy([['v1', 'ConfigMap']]);

function fleetFiles(ns: string, twoMessage: string): Record<string, string> {
  const release = (name: string) =>
    `helmGlobals:\n  chartHome: ../../charts\nhelmCharts:\n  - name: web\n    releaseName: ${name}\n    namespace: ${ns}\n    valuesFile: values.yaml\n`;
  return {
    'policy.yaml': CONFIGMAPS,
    'charts/web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'charts/web/values.yaml': 'message: default\n',
    'charts/web/templates/cm.yaml':
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-web\n  namespace: {{ .Release.Namespace }}\ndata:\n  message: {{ .Values.message | quote }}\n',
    'apps/one/kustomization.yaml': release('one'),
    'apps/one/values.yaml': 'message: one\n',
    'apps/two/kustomization.yaml': release('two'),
    'apps/two/values.yaml': `message: ${twoMessage}\n`,
    'apps/kz/base/kustomization.yaml': 'resources:\n  - cm.yaml\n',
    'apps/kz/base/cm.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: ${ns}\ndata:\n  level: base\n`,
    'apps/kz/overlays/prod/kustomization.yaml': 'resources:\n  - ../../base\nnamePrefix: prod-\npatches:\n  - path: patch.yaml\n',
    'apps/kz/overlays/prod/patch.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: ${ns}\ndata:\n  level: prod\n`,
  };
}

async function data(member: string, ns: string, name: string): Promise<Record<string, string> | undefined> {
  const map = await apiFor(member, CoreV1Api).readNamespacedConfigMap({ name, namespace: ns });
  return map.data;
}

describe('render roots on the local fleet', () => {
  const namespace = fleetNamespace('render-roots');

  it('applies a chart release and an overlay, then one values file changes only that release', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit(fleetFiles(ns, 'two'));
    const first = await repo.apply({ enabled: true });
    expect(first.ok).toBe(true);
    for (const member of memberNames) {
      expect(await data(member, ns, 'one-web')).toEqual({ message: 'one' });
      expect(await data(member, ns, 'two-web')).toEqual({ message: 'two' });
      expect(await data(member, ns, 'prod-settings')).toEqual({ level: 'prod' });
    }

    repo.commit(fleetFiles(ns, 'changed'));
    const second = await repo.apply({ enabled: true });
    expect(second.ok).toBe(true);
    for (const member of memberNames) {
      // The inventory records every pass's source commit; of the templates, only release two's changed.
      const writes = repo.logs.get(member)?.writes.filter((w) => w.target !== `ConfigMap/${repo.inventoryName}`);
      expect(writes).toEqual([{ method: 'apply', target: 'ConfigMap/two-web' }]);
      expect(await data(member, ns, 'two-web')).toEqual({ message: 'changed' });
    }
  });

  it('a kustomization that fails to build prunes nothing: its objects stay on every member', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit(fleetFiles(ns, 'two'));
    expect((await repo.apply({ enabled: true })).ok).toBe(true);

    const files = fleetFiles(ns, 'two');
    files['apps/kz/overlays/prod/kustomization.yaml'] = 'resources:\n  - ../../base\n  - missing.yaml\n';
    repo.commit(files);
    const broken = await repo.apply({ enabled: true });
    expect(broken.ok).toBe(false);
    expect(broken.clusters[0]?.pruneBlocked?.reason).toBe('source-errors');
    expect(broken.diagnostics).toContainEqual(expect.objectContaining({ file: 'apps/kz/overlays/prod/kustomization.yaml', severity: 'error' }));
    for (const member of memberNames) expect(await data(member, ns, 'prod-settings')).toEqual({ level: 'prod' });
  });

  it(".Capabilities.KubeVersion is the members' version from apply's first pass on", async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const files = fleetFiles(ns, 'two');
    files['charts/web/templates/kube.yaml'] =
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-kube\n  namespace: {{ .Release.Namespace }}\ndata:\n  version: {{ .Capabilities.KubeVersion.Version | quote }}\n';
    repo.commit(files);
    const versions = await Promise.all(memberNames.map(async (m) => (await apiFor(m, VersionApi).getCode()).gitVersion));
    const oldest = [...versions].sort()[0];
    expect(oldest).toMatch(/^v1\.\d+\.\d+$/);
    // apply's first pass has no record on the status branch yet: it asks the members before it renders.
    expect((await repo.apply({ enabled: true })).ok).toBe(true);
    for (const member of memberNames) expect(await data(member, ns, 'one-kube')).toEqual({ version: oldest });
    // The next pass reads the status branch's record, which the members' answer confirms.
    expect((await repo.apply({ enabled: true })).ok).toBe(true);
    for (const member of memberNames) expect(await data(member, ns, 'one-kube')).toEqual({ version: oldest });
    // The status branch names where the template came from: the root, and the generator that made it.
    const binding = execFileSync('git', ['show', `status:resources/core/ConfigMap/${ns}/one-kube.yaml`], {
      cwd: repo.dir,
      encoding: 'utf8',
    });
    expect(binding).toContain('flotilla.io/rendered-from: apps/one/kustomization.yaml');
    expect(binding).toContain('flotilla.io/source-file: apps/one/kustomization.yaml');
    expect(binding).toContain('flotilla.io/source-generator: HelmChartInflationGenerator');
  });
});
