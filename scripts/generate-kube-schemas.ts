// Regenerates src/render/validate/openapi/kube-schemas.json, the Kubernetes OpenAPI schemas that
// `validate` checks built-in templates against (docs/architecture.md, "Libraries beyond the required
// set"). The definitions come from the kube-apiserver's own generated OpenAPI of the Kubernetes
// version tools/kube pins (tools/kube/openapi-dump, run with Go from the module cache), enums
// included; which kinds exist comes from that module's published api/openapi-spec/v3. Run after
// bumping k8s.io/kubernetes in tools/kube: `node scripts/generate-kube-schemas.ts`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findGo } from './fleet/build.ts';
import { repoRoot } from './fleet/config.ts';
import { run } from './fleet/run.ts';

type Json = Record<string, unknown>;

const OUTPUT = join(repoRoot, 'src/render/validate/openapi/kube-schemas.json');
const TOOLS = join(repoRoot, 'tools/kube');
const OBJECT_META = '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const REF_PREFIX = '#/definitions/';
/** Definitions whose JSON form is not their OpenAPI type: both accept a number or a string. */
const SPECIAL: Readonly<Record<string, Json>> = {
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { 'x-kubernetes-int-or-string': true },
  'io.k8s.apimachinery.pkg.api.resource.Quantity': { format: 'quantity' },
};
/** Formats the checker acts on: int32 ranges and base64 bytes fail JSON decoding on a server. */
const KEPT_FORMATS = new Set(['int32', 'byte']);

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Required integers whose zero is a valid value: left out, they decode as 0 and the API server
 * accepts them. Every other required integer (a port, maxSkew, a weight) is refused at 0.
 */
const ZERO_IS_VALID = new Set([
  'io.k8s.api.core.v1.ISCSIVolumeSource.lun',
  'io.k8s.api.core.v1.ISCSIPersistentVolumeSource.lun',
  'io.k8s.api.core.v1.SleepAction.seconds',
  'io.k8s.api.apps.v1.ControllerRevision.revision',
  'io.k8s.api.resource.v1.ResourcePool.generation',
]);

/**
 * Required strings whose empty value is valid: left out, they decode as "" and the API server
 * accepts them (checked against a kube-apiserver of the pinned version with a dry-run create).
 */
const EMPTY_IS_VALID = new Set(['io.k8s.api.core.v1.HTTPHeader.value', 'io.k8s.api.core.v1.Sysctl.value']);

/**
 * The required fields the API server refuses to miss. A required boolean left out decodes as
 * false, which is a valid value; so do the integers of ZERO_IS_VALID and the strings of
 * EMPTY_IS_VALID.
 */
function enforcedRequired(definition: string, schema: Json): string[] {
  const properties = isJson(schema['properties']) ? schema['properties'] : {};
  return ((schema['required'] as string[] | undefined) ?? []).filter((name) => {
    const fallback = (properties[name] as Json | undefined)?.['default'];
    const field = `${definition}.${name}`;
    if (fallback === 0) return !ZERO_IS_VALID.has(field);
    if (fallback === '') return !EMPTY_IS_VALID.has(field);
    return fallback !== false;
  });
}

/** The schema without descriptions, defaults and patch hints: only what the checker reads. */
function compact(schema: Json, refs: Set<string>, definition: string): Json {
  if (typeof schema['$ref'] === 'string') {
    const name = schema['$ref'].slice(REF_PREFIX.length);
    refs.add(name);
    return { $ref: name };
  }
  const out: Json = {};
  if (typeof schema['type'] === 'string') out['type'] = schema['type'];
  if (typeof schema['format'] === 'string' && KEPT_FORMATS.has(schema['format'])) out['format'] = schema['format'];
  if (Array.isArray(schema['enum'])) out['enum'] = schema['enum'];
  if (isJson(schema['properties'])) {
    out['properties'] = Object.fromEntries(
      Object.entries(schema['properties']).map(([name, s]) => [
        name,
        compact(s as Json, refs, `${definition}.${name}`),
      ]),
    );
    const required = enforcedRequired(definition, schema);
    if (required.length > 0) out['required'] = required;
  }
  if (isJson(schema['items'])) out['items'] = compact(schema['items'], refs, definition);
  if (isJson(schema['additionalProperties'])) {
    out['additionalProperties'] = compact(schema['additionalProperties'], refs, definition);
  }
  // An object with neither properties nor additionalProperties is raw JSON (RawExtension, FieldsV1).
  if (out['type'] === 'object' && !out['properties'] && !out['additionalProperties']) {
    out['x-kubernetes-preserve-unknown-fields'] = true;
  }
  return out;
}

/** `group/version/Kind` → definition name, for every resource (an object with ObjectMeta) the version serves. */
function kindsOf(specDir: string): Map<string, string> {
  const kinds = new Map<string, string>();
  for (const file of readdirSync(specDir).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(join(specDir, file), 'utf8')) as { components?: { schemas?: Json } };
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
      const s = schema as Json;
      const metadata = (s['properties'] as Json | undefined)?.['metadata'] as Json | undefined;
      const ref = metadata?.['$ref'] ?? (metadata?.['allOf'] as Json[] | undefined)?.[0]?.['$ref'];
      if (ref !== OBJECT_META.replace(REF_PREFIX, '#/components/schemas/')) continue;
      for (const gvk of (s['x-kubernetes-group-version-kind'] as Json[] | undefined) ?? []) {
        const apiVersion = gvk['group'] ? `${gvk['group']}/${gvk['version']}` : String(gvk['version']);
        kinds.set(`${apiVersion}/${gvk['kind']}`, name);
      }
    }
  }
  return kinds;
}

async function main(): Promise<void> {
  const go = await findGo();
  const env = { ...process.env, CGO_ENABLED: '0' };
  const module = JSON.parse((await run(go, ['list', '-m', '-json', 'k8s.io/kubernetes'], { cwd: TOOLS, env })).stdout);
  const { Version: version, Dir: dir } = module as { Version: string; Dir: string };
  const dumped = await run(go, ['run', '-trimpath', './openapi-dump'], { cwd: TOOLS, env });
  const all = JSON.parse(dumped.stdout) as Record<string, Json>;
  const kinds = kindsOf(join(dir, 'api/openapi-spec/v3'));

  const definitions: Record<string, Json> = {};
  const pending = [...new Set(kinds.values())];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (definitions[name]) continue;
    const schema = all[name];
    if (!schema) throw new Error(`${name} is named by the published spec but not generated by ${version}`);
    const refs = new Set<string>();
    definitions[name] = SPECIAL[name] ?? compact(schema, refs, name);
    pending.push(...[...refs].filter((ref) => !definitions[ref]));
  }
  const sorted = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  const file = { kubernetes: version, kinds: sorted(Object.fromEntries(kinds)), definitions: sorted(definitions) };
  writeFileSync(OUTPUT, `${JSON.stringify(file)}\n`);
  console.log(`${OUTPUT}: Kubernetes ${version}, ${kinds.size} kinds, ${Object.keys(definitions).length} definitions`);
}

await main();
