/**
 * cluster.karmada.io/v1alpha1 Cluster: spec (docs/karmada-compatibility.md#clusters) and the `status` stanza Flotilla
 * reads for offline planning (README.md#flotilla-plan), with well-formed resource quantities.
 */
import { HEARTBEAT_GRACE_ANNOTATION, isRecord, parseDuration, type FieldPath } from '../../../model/index.ts';
import { error, forbiddenMessage, invalidMessage, requiredMessage, warning, type IssueSink } from '../issues.ts';
import { arr, bool, int, map, obj, quantity, str, stringMap, strings, type ObjectSchema } from '../schema.ts';
import { taints } from './common.ts';
import { checkResourceModels } from './resource-models.ts';

const ENDPOINT_FORM = '; desired format: hostname, hostname:port, IP or IP:port';

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** ValidateClusterAPIEndpoint (pkg/apis/cluster/validation); Karmada checks only a non-empty one. */
function checkApiEndpoint(endpoint: string, path: FieldPath, out: IssueSink): void {
  if (endpoint === '') return;
  const url = parseUrl(endpoint);
  if (url === undefined || url.host === '') {
    return error(out, path, invalidMessage(endpoint, `host must be provided${ENDPOINT_FORM}`));
  }
  if (url.username || url.password)
    error(out, path, invalidMessage(endpoint, 'user information is not permitted in the URL'));
  if (url.hash) error(out, path, invalidMessage(url.hash.slice(1), 'fragments are not permitted in the URL'));
  if (url.search)
    error(out, path, invalidMessage(url.search.slice(1), 'query parameters are not permitted in the URL'));
}

/** ValidateClusterProxyURL, of a non-empty one as the endpoint's. */
function checkProxyUrl(proxy: string, path: FieldPath, out: IssueSink): void {
  if (proxy === '') return;
  const scheme = parseUrl(proxy)?.protocol.slice(0, -1) ?? '';
  if (scheme !== 'http' && scheme !== 'https' && scheme !== 'socks5') {
    error(
      out,
      path,
      invalidMessage(proxy, `unsupported scheme ${JSON.stringify(scheme)}, must be http, https, or socks5`),
    );
  }
}

/**
 * Karmada requires syncMode (ValidateClusterSpec). Flotilla reads it (Pull: the hub never contacts
 * the member, its agent applies the works branch; docs/karmada-compatibility.md#pull-mode) and takes
 * a Cluster without it as Push, so a missing one is only a warning.
 */
function checkSyncMode(spec: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  if (spec['syncMode'] === undefined || spec['syncMode'] === null) {
    warning(out, [...path, 'syncMode'], requiredMessage('Karmada requires Push or Pull; Flotilla takes it as Push'));
  }
}

/** Karmada takes an empty namespace or name of a secret reference as a missing one. */
function checkNotEmpty(value: string, path: FieldPath, out: IssueSink): void {
  if (value === '') error(out, path, requiredMessage());
}

const secretRef = obj(
  { namespace: str({ check: checkNotEmpty }), name: str({ check: checkNotEmpty }) },
  { required: ['namespace', 'name'] },
);

/** clusterv1alpha1.ClusterSpec. */
export const clusterSpec: ObjectSchema = obj(
  {
    id: str(),
    syncMode: str({ enum: ['Push', 'Pull'] }),
    apiEndpoint: str({ check: checkApiEndpoint }),
    secretRef,
    impersonatorSecretRef: secretRef,
    insecureSkipTLSVerification: bool,
    proxyURL: str({ check: checkProxyUrl }),
    proxyHeader: stringMap,
    provider: str(),
    region: str(),
    zone: str(),
    zones: strings,
    taints,
    resourceModels: arr(
      obj(
        {
          grade: int({ minimum: 0 }),
          ranges: arr(obj({ name: str(), min: quantity, max: quantity }, { required: ['name', 'min', 'max'] })),
        },
        { required: ['grade', 'ranges'] },
      ),
      { check: checkResourceModels },
    ),
  },
  { check: checkSyncMode },
);

const resourceList = map(quantity);

/** clusterv1alpha1.ClusterStatus, as a Cluster file may declare it for offline planning. */
export const clusterStatus: ObjectSchema = obj({
  kubernetesVersion: str(),
  apiEnablements: arr(
    obj(
      { groupVersion: str(), resources: arr(obj({ name: str(), kind: str() }, { required: ['name', 'kind'] })) },
      { required: ['groupVersion'] },
    ),
  ),
  conditions: arr(
    obj(
      {
        type: str(),
        status: str({ enum: ['True', 'False', 'Unknown'] }),
        reason: str(),
        message: str(),
        lastTransitionTime: str(),
        observedGeneration: int(),
      },
      { required: ['type', 'status'] },
    ),
  ),
  nodeSummary: obj({ totalNum: int({ minimum: 0 }), readyNum: int({ minimum: 0 }) }),
  resourceSummary: obj({
    allocatable: resourceList,
    allocating: resourceList,
    allocated: resourceList,
    allocatableModelings: arr(
      obj({ grade: int({ minimum: 0 }), count: int({ minimum: 0 }) }, { required: ['grade', 'count'] }),
    ),
  }),
  remedyActions: strings,
});

type Json = Record<string, unknown>;

const hasZones = (spec: Json): boolean => Array.isArray(spec['zones']) && spec['zones'].length > 0;

/**
 * Karmada's registry moves the deprecated singular `spec.zone` into `spec.zones` when no zones are
 * given, so zone field selectors and zone spread constraints see it; the input is not changed.
 */
export function migrateClusterZone(cluster: Json): Json {
  const spec = cluster['spec'];
  if (!isRecord(spec) || typeof spec['zone'] !== 'string' || spec['zone'] === '' || hasZones(spec)) return cluster;
  const { zone, ...rest } = spec;
  return { ...cluster, spec: { ...rest, zones: [zone] } };
}

/** After the migration, a zone left beside zones was written together with them, which Karmada refuses. */
function checkClusterZones(cluster: Json, out: IssueSink): void {
  const spec = cluster['spec'];
  if (!isRecord(spec) || typeof spec['zone'] !== 'string' || spec['zone'] === '' || !hasZones(spec)) return;
  error(
    out,
    ['spec', 'zone'],
    forbiddenMessage('zone is deprecated and cannot be set together with zones; list it in zones'),
  );
}

/**
 * Flotilla's `flotilla.io/heartbeat-grace` (docs/karmada-compatibility.md#pull-mode): a duration,
 * and only meaningful on a Pull member (a Push member has no agent to hear from). A bad one is a
 * warning: the member keeps the default grace, three of its agent's heartbeat intervals.
 */
function checkHeartbeatGrace(cluster: Json, out: IssueSink): void {
  const meta = cluster['metadata'];
  const value =
    isRecord(meta) && isRecord(meta['annotations']) ? meta['annotations'][HEARTBEAT_GRACE_ANNOTATION] : undefined;
  if (value === undefined) return;
  const path: FieldPath = ['metadata', 'annotations', HEARTBEAT_GRACE_ANNOTATION];
  const spec = cluster['spec'];
  if (!isRecord(spec) || spec['syncMode'] !== 'Pull')
    return warning(out, path, 'only a Cluster with syncMode Pull has an agent to hear from: ignored');
  let ms: number;
  try {
    ms = typeof value === 'string' ? parseDuration(value) : Number.NaN;
  } catch {
    ms = Number.NaN;
  }
  if (!(ms > 0))
    warning(
      out,
      path,
      invalidMessage(
        value,
        "expected a duration such as 90s or 5m; the grace is three of the agent's heartbeat intervals",
      ),
    );
}

/** The checks of a whole Cluster object, after its zone is migrated. */
export function checkCluster(cluster: Json, out: IssueSink): void {
  checkClusterZones(cluster, out);
  checkHeartbeatGrace(cluster, out);
}
