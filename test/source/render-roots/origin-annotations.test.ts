import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../../src/model/index.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import { stripOrigins, withOriginAnnotations } from '../../../src/source/render-roots/origin-annotations.ts';
import { findRenderTools } from '../../../src/source/render-roots/render-tools.ts';
import { removeFixtures } from '../helpers/git-fixture.ts';
import { errors, fleet, read } from './read-fleet.ts';

describe('withOriginAnnotations', () => {
  it.each([
    ['no buildMetadata', 'resources:\n  - cm.yaml\n', 'resources:\n  - cm.yaml\nbuildMetadata:\n  - originAnnotations\n'],
    ['another entry', 'buildMetadata: [managedByLabel]\n', 'buildMetadata: [ managedByLabel, originAnnotations ]\n'],
    ['already asked for by the user', 'buildMetadata: [originAnnotations]\n', undefined],
    ['a buildMetadata that is not a list', 'buildMetadata: x\n', undefined],
    ['not a map', '- a\n', undefined],
  ])('%s', (_name, text, expected) => {
    expect(withOriginAnnotations(text)).toBe(expected);
  });
});

// Output of the pinned kustomize with `buildMetadata: [originAnnotations]`, and what it prints without.
const ANNOTATED = `apiVersion: v1
data:
  x: "y"
kind: ConfigMap
metadata:
  annotations:
    config.kubernetes.io/origin: |
      configuredIn: kustomization.yaml
      configuredBy:
        apiVersion: builtin
        kind: ConfigMapGenerator
  name: prod-gen-6gc9d749f7
---
apiVersion: v1
data:
  level: base
kind: ConfigMap
metadata:
  annotations:
    a: b
    config.kubernetes.io/origin: |
      path: ../base/cm.yaml
  name: prod-settings
---
apiVersion: v1
kind: Service
metadata:
  annotations:
    config.kubernetes.io/origin: |
      configuredIn: kustomization.yaml
      configuredBy:
        apiVersion: builtin
        kind: HelmChartInflationGenerator
  name: prod-one
spec:
  ports:
  - port: 80
`;
const PLAIN = `apiVersion: v1
data:
  x: "y"
kind: ConfigMap
metadata:
  name: prod-gen-6gc9d749f7
---
apiVersion: v1
data:
  level: base
kind: ConfigMap
metadata:
  annotations:
    a: b
  name: prod-settings
---
apiVersion: v1
kind: Service
metadata:
  name: prod-one
spec:
  ports:
  - port: 80
`;

describe('stripOrigins', () => {
  it('takes the annotations off (an emptied annotations map too) and keeps each source by its first line', () => {
    const { manifest, sources } = stripOrigins(ANNOTATED, 'apps/shop/prod');
    expect(manifest).toBe(PLAIN);
    expect(sources).toEqual(
      new Map([
        [1, { sourceFile: 'apps/shop/prod/kustomization.yaml', generator: 'ConfigMapGenerator' }],
        [8, { sourceFile: 'apps/shop/base/cm.yaml' }],
        [17, { sourceFile: 'apps/shop/prod/kustomization.yaml', generator: 'HelmChartInflationGenerator' }],
      ]),
    );
  });

  it.each([
    ['empty output', ''],
    ['output without annotations', PLAIN],
  ])('leaves %s as it is', (_name, output) => {
    expect(stripOrigins(output, 'app')).toEqual({ manifest: output, sources: new Map() });
  });
});

describe('a rendered object knows its source file', () => {
  afterAll(removeFixtures);

  it('reads it from kustomize, in a scratch copy only, and the output stays what kustomize build prints', async () => {
    const overlay = 'resources:\n  - ../../base\nnamePrefix: prod-\nconfigMapGenerator:\n  - name: gen\n    literals: [x=y]\n';
    const repo = fleet({
      'apps/web/base/kustomization.yaml': 'resources:\n  - deployment.yaml\n',
      'apps/web/base/deployment.yaml':
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  template:\n    spec:\n      containers: [{name: web, image: web:1}]\n',
      'apps/web/overlays/prod/kustomization.yaml': overlay,
    });
    const snapshot = await read(repo);
    expect(errors(snapshot)).toEqual([]);
    const tools = await findRenderTools({});
    const oracle = execFileSync(tools.kustomize[0] ?? 'kustomize', ['build', path.join(repo.dir, 'apps/web/overlays/prod')], {
      encoding: 'utf8',
    });
    expect(snapshot.files[0]?.content.toString()).toBe(oracle);
    expect(readFileSync(path.join(repo.dir, 'apps/web/overlays/prod/kustomization.yaml'), 'utf8')).toBe(overlay);

    const parsed = parseSources(snapshot.files);
    const origins = Object.fromEntries(parsed.objects.map((o) => [o.object.metadata.name, o.origin]));
    expect(origins['prod-web']).toMatchObject({
      file: 'apps/web/overlays/prod/kustomization.yaml',
      sourceFile: 'apps/web/base/deployment.yaml',
    });
    expect(origins['prod-web']).not.toHaveProperty('generator');
    expect(Object.values(origins)).toContainEqual(
      expect.objectContaining({ sourceFile: 'apps/web/overlays/prod/kustomization.yaml', generator: 'ConfigMapGenerator' }),
    );
    const web = parsed.objects.find((o) => o.object.metadata.name === 'prod-web');
    const at = web ? parsed.locate(web, ['spec', 'template']) : undefined;
    const diagnostic = { ...(at ?? { file: '', line: 0, column: 0 }), severity: 'error' as const, message: 'bad' };
    expect(formatDiagnostic(diagnostic)).toMatch(
      /^apps\/web\/overlays\/prod\/kustomization\.yaml:\d+:\d+: error: bad \(from apps\/web\/base\/deployment\.yaml\)$/,
    );
  });
});
