import { describe, expect, it } from 'vitest';
import type { ImageOverrider, KubeObject } from '../../../src/model/index.ts';
import { formatImage, parseImage } from '../../../src/render/overrides/image-reference.ts';
import { applyImageOverriders } from '../../../src/render/overrides/image-overrider.ts';

const IMAGE = 'fictional.registry.example/imagename:v1.0.0';
const DIGEST = 'sha256:dbcc1c35ac38df41fd2f5e4130b32ffdb93ebae8b3dbe638c23575912276fc9c';

function deployment(...images: string[]): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'shop' },
    spec: { template: { spec: { containers: images.map((image, i) => ({ name: `c${i}`, image })) } } },
  };
}

function imagesOf(obj: KubeObject): unknown[] {
  const spec = (obj['spec'] as { template: { spec: { containers: { image: unknown }[] } } }).template.spec;
  return spec.containers.map((c) => c.image);
}

describe('parseImage (distribution/reference without normalisation, docs/karmada-compatibility.md#the-overriders)', () => {
  it.each<[string, string, ReturnType<typeof parseImage>]>([
    ['a bare name has no hostname', 'nginx', { hostname: '', repository: 'nginx', tag: '', digest: '' }],
    [
      'a first component without . or : is part of the repository',
      'library/nginx:1.25',
      { hostname: '', repository: 'library/nginx', tag: '1.25', digest: '' },
    ],
    ['a dotted first component is the hostname', IMAGE, { hostname: 'fictional.registry.example', repository: 'imagename', tag: 'v1.0.0', digest: '' }],
    [
      'a port makes a hostname',
      'fictional.registry.example:10443/karmada/cm:v1',
      { hostname: 'fictional.registry.example:10443', repository: 'karmada/cm', tag: 'v1', digest: '' },
    ],
    ['localhost is a hostname', 'localhost/app', { hostname: 'localhost', repository: 'app', tag: '', digest: '' }],
    ['a digest alone is kept', `nginx@${DIGEST}`, { hostname: '', repository: 'nginx', tag: '', digest: DIGEST }],
    ['a tag and a digest keep only the tag', `nginx:1@${DIGEST}`, { hostname: '', repository: 'nginx', tag: '1', digest: '' }],
    ['an empty image is invalid', '', 'repository name must have at least one component'],
    ['uppercase is invalid', 'Nginx', 'repository name must be lowercase'],
    ['a bad tag is invalid', 'nginx:-x', 'invalid reference format'],
    ['an unsupported digest algorithm is invalid', `nginx@md5:${'a'.repeat(32)}`, 'unsupported digest algorithm'],
    ['a short sha256 digest is invalid', `nginx@sha256:${'a'.repeat(32)}`, 'invalid checksum digest length'],
  ])('%s', (_name, image, want) => {
    expect(parseImage(image)).toEqual(want);
  });

  it('formats back to the same reference', () => {
    for (const image of [IMAGE, 'nginx', `a.io/x@${DIGEST}`]) {
      const parsed = parseImage(image);
      if (typeof parsed === 'string') throw new Error(parsed);
      expect(formatImage(parsed)).toBe(image);
    }
  });
});

describe('imageOverrider (imageoverride_test.go examples, docs/karmada-compatibility.md#the-overriders)', () => {
  it.each<[string, ImageOverrider, string]>([
    ['registry add concatenates', { component: 'Registry', operator: 'add', value: '.test' }, 'fictional.registry.example.test/imagename:v1.0.0'],
    ['registry replace', { component: 'Registry', operator: 'replace', value: 'fictional.registry.us' }, 'fictional.registry.us/imagename:v1.0.0'],
    ['registry remove', { component: 'Registry', operator: 'remove' }, 'imagename:v1.0.0'],
    ['repository add concatenates', { component: 'Repository', operator: 'add', value: '/nginx' }, 'fictional.registry.example/imagename/nginx:v1.0.0'],
    ['repository replace', { component: 'Repository', operator: 'replace', value: 'nginx' }, 'fictional.registry.example/nginx:v1.0.0'],
    ['repository remove emits an invalid image anyway', { component: 'Repository', operator: 'remove' }, 'fictional.registry.example/:v1.0.0'],
    ['tag add that matches neither pattern changes nothing', { component: 'Tag', operator: 'add', value: DIGEST }, IMAGE],
    ['tag replace with a digest switches to @', { component: 'Tag', operator: 'replace', value: DIGEST }, `fictional.registry.example/imagename@${DIGEST}`],
    ['tag remove drops the tag', { component: 'Tag', operator: 'remove' }, 'fictional.registry.example/imagename'],
    ['tag add appends to the tag', { component: 'Tag', operator: 'add', value: '-debug' }, 'fictional.registry.example/imagename:v1.0.0-debug'],
    ['tag replace with a tag', { component: 'Tag', operator: 'replace', value: 'v2' }, 'fictional.registry.example/imagename:v2'],
  ])('%s', (_name, entry, want) => {
    const result = applyImageOverriders(deployment(IMAGE), [entry]);
    expect(result.ok && imagesOf(result.doc)).toEqual([want]);
  });

  it('adds a registry to a Job image without one', () => {
    const job: KubeObject = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'pi' },
      spec: { template: { spec: { containers: [{ name: 'pi', image: 'perl:5.34.0' }] } } },
    };
    const result = applyImageOverriders(job, [{ component: 'Registry', operator: 'add', value: 'registry.k8s.io' }]);
    expect(result.ok && imagesOf(result.doc)).toEqual(['registry.k8s.io/perl:5.34.0']);
  });

  it('rewrites every regular container', () => {
    const result = applyImageOverriders(deployment(IMAGE, 'registry.k8s.io/nginx-slim:0.8'), [
      { component: 'Repository', operator: 'replace', value: 'nginx' },
    ]);
    expect(result.ok && imagesOf(result.doc)).toEqual(['fictional.registry.example/nginx:v1.0.0', 'registry.k8s.io/nginx:0.8']);
  });

  it('removes the digest when there is no tag', () => {
    const result = applyImageOverriders(deployment(`nginx@${DIGEST}`), [{ component: 'Tag', operator: 'remove' }]);
    expect(result.ok && imagesOf(result.doc)).toEqual(['nginx']);
  });

  it('never touches initContainers without a predicate', () => {
    const pod: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: { initContainers: [{ name: 'i', image: 'busybox' }], containers: [{ name: 'c', image: 'nginx' }] },
    };
    const result = applyImageOverriders(pod, [{ component: 'Registry', operator: 'replace', value: 'r.io' }]);
    expect(result.ok && result.doc['spec']).toEqual({
      initContainers: [{ name: 'i', image: 'busybox' }],
      containers: [{ name: 'c', image: 'r.io/nginx' }],
    });
  });

  it('leaves other kinds untouched without a predicate', () => {
    const cronJob: KubeObject = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'c' }, spec: { jobTemplate: {} } };
    const result = applyImageOverriders(cronJob, [{ component: 'Registry', operator: 'replace', value: 'r.io' }]);
    expect(result).toEqual({ ok: true, doc: cronJob });
  });

  it('edits exactly the string at the predicate path, for any kind', () => {
    const cronJob: KubeObject = {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'c' },
      spec: {
        jobTemplate: {
          spec: {
            template: {
              spec: {
                containers: [
                  { name: 'a', image: 'nginx:1' },
                  { name: 'b', image: 'redis:7' },
                ],
              },
            },
          },
        },
      },
    };
    const path = '/spec/jobTemplate/spec/template/spec/containers/1/image';
    const result = applyImageOverriders(cronJob, [{ predicate: { path }, component: 'Registry', operator: 'replace', value: 'r.io' }]);
    expect(result.ok && JSON.stringify(result.doc)).toContain('"image":"nginx:1"');
    expect(result.ok && JSON.stringify(result.doc)).toContain('"image":"r.io/redis:7"');
  });

  it.each<[string, KubeObject, ImageOverrider, number, string]>([
    ['an unparsable image fails', deployment('Bad:Image'), { component: 'Tag', operator: 'replace', value: 'v1' }, 0, '/spec/template/spec/containers/0/image'],
    ['a container without an image fails', deployment(''), { component: 'Tag', operator: 'replace', value: 'v1' }, 0, '/spec/template/spec/containers/0/image'],
    [
      'a predicate on a missing path fails',
      deployment(IMAGE),
      { predicate: { path: '/spec/nope/image' }, component: 'Tag', operator: 'remove' },
      0,
      '/spec/nope/image',
    ],
    [
      'a predicate past the end of a list fails',
      deployment(IMAGE),
      { predicate: { path: '/spec/template/spec/containers/3/image' }, component: 'Tag', operator: 'remove' },
      0,
      '/spec/template/spec/containers/3/image',
    ],
    [
      'a predicate with a non-numeric list index fails',
      deployment(IMAGE),
      { predicate: { path: '/spec/template/spec/containers/x/image' }, component: 'Tag', operator: 'remove' },
      0,
      '/spec/template/spec/containers/x/image',
    ],
    [
      'a predicate on a non-string fails',
      deployment(IMAGE),
      { predicate: { path: '/spec/template/spec/containers' }, component: 'Tag', operator: 'remove' },
      0,
      '/spec/template/spec/containers',
    ],
  ])('%s', (_name, obj, entry, index, path) => {
    const result = applyImageOverriders(obj, [entry]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect([result.entry, result.path]).toEqual([index, path]);
  });
});
