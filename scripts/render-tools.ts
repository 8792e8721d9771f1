// Builds the programs that render Helm charts and Kustomize roots (kustomize v5, helm v3) from the
// Go module proxy into ~/.cache/flotilla/bin, as scripts/fleet/build.ts builds the member clusters:
// once per version pinned in tools/kustomize and tools/helm, nothing downloaded at run time.
// Flotilla finds them there (src/source/render-roots/render-tools.ts). The OCI registry of
// tools/registry is built with them because the tests of oci:// charts push to a real one on
// loopback. Run directly, it builds all three and prints their paths.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, isComplete, moduleVersion, type Component, type Log } from './fleet/build.ts';
import { binCacheRoot, repoRoot } from './fleet/config.ts';

export interface RenderToolPaths {
  kustomize: string;
  helm: string;
  /** CNCF distribution's `registry`, for tests that serve oci:// charts; Flotilla never runs it. */
  registry: string;
}

// helm reports its version, and the Kubernetes version `.Capabilities` answers when none is
// given, from these; helm's Makefile takes the latter from the client-go it is built with.
function helmLdflags(version: string): string[] {
  const goMod = readFileSync(join(repoRoot, 'tools/helm/go.mod'), 'utf8');
  const minor = /k8s\.io\/client-go v0\.(\d+)\./.exec(goMod)?.[1] ?? '0';
  const capabilities = ['chartutil', 'lint/rules'].flatMap((pkg) => [
    `-X helm.sh/helm/v3/pkg/${pkg}.k8sVersionMajor=1`,
    `-X helm.sh/helm/v3/pkg/${pkg}.k8sVersionMinor=${minor}`,
  ]);
  return [`-X helm.sh/helm/v3/internal/version.version=${version}`, ...capabilities];
}

const components: readonly Component[] = [
  {
    name: 'kustomize',
    toolsDir: 'tools/kustomize',
    module: 'sigs.k8s.io/kustomize/kustomize/v5',
    packages: { kustomize: 'sigs.k8s.io/kustomize/kustomize/v5' },
    ldflags: () => [],
    coldMinutes: 3,
  },
  {
    name: 'helm',
    toolsDir: 'tools/helm',
    module: 'helm.sh/helm/v3',
    packages: { helm: 'helm.sh/helm/v3/cmd/helm' },
    ldflags: helmLdflags,
    coldMinutes: 5,
  },
  {
    name: 'registry',
    toolsDir: 'tools/registry',
    module: 'github.com/distribution/distribution/v3',
    packages: { registry: 'github.com/distribution/distribution/v3/cmd/registry' },
    ldflags: () => [],
    coldMinutes: 4,
  },
];

/** The pinned kustomize, helm and registry, built first when their version is not cached yet. */
export async function ensureRenderTools(log: Log): Promise<RenderToolPaths> {
  const paths: Record<string, string> = {};
  for (const component of components) {
    const version = await moduleVersion(component);
    const dir = join(binCacheRoot(), `${component.name}-${version}`);
    if (isComplete(dir, component)) log(`${component.name} ${version}: using cached binary in ${dir}`);
    else await build(component, version, dir, log);
    paths[component.name] = join(dir, component.name);
  }
  return { kustomize: paths.kustomize ?? '', helm: paths.helm ?? '', registry: paths.registry ?? '' };
}

if (import.meta.filename === process.argv[1]) {
  const paths = await ensureRenderTools((message) => console.error(message));
  console.log(`kustomize: ${paths.kustomize}\nhelm: ${paths.helm}\nregistry: ${paths.registry}`);
}
