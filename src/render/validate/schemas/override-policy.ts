/**
 * OverridePolicy / ClusterOverridePolicy spec (policyv1alpha1.OverrideSpec) with
 * ValidateOverrideSpec's rules (pkg/util/validation, docs/karmada-compatibility.md#override-policies, #the-overriders).
 */
import { isRecord, type FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, type IssueSink } from '../issues.ts';
import { annotations, labels } from '../labels.ts';
import { any, arr, obj, str, strings, type ObjectSchema, type Schema } from '../schema.ts';
import { clusterAffinity, resourceSelector } from './common.ts';

/** go-openapi/jsonpointer.New: a pointer is empty or starts with "/". */
function checkJsonPointer(pointer: string, path: FieldPath, out: IssueSink): void {
  if (pointer !== '' && !pointer.startsWith('/')) {
    error(out, path, invalidMessage(pointer, 'JSON pointer must be empty or start with a "/"'));
  }
}

const patchOperator = str({ enum: ['add', 'remove', 'replace'] });

/** validateOverrideOperator: add/replace need a value, remove takes none (null counts as none). */
function checkPatchValue(op: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const hasValue = op['value'] !== undefined && op['value'] !== null;
  if ((op['operator'] === 'add' || op['operator'] === 'replace') && !hasValue) {
    error(out, [...path, 'value'], 'value is required for add or replace operation');
  } else if (op['operator'] === 'remove' && hasValue) {
    error(out, [...path, 'value'], 'value is not allowed for remove operation');
  }
}

const patchOperation: Schema = obj(
  { subPath: str({ check: checkJsonPointer }), operator: patchOperator, value: any },
  { required: ['subPath', 'operator'], check: checkPatchValue },
);

function nonEmpty(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

/** A fieldOverrider edits its field either as JSON or as YAML, never both, never neither. */
function checkFieldOverrider(f: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const json = nonEmpty(f['json']);
  const yaml = nonEmpty(f['yaml']);
  if (json && yaml) error(out, path, 'FieldOverrider has both YAML and JSON set. Only one is allowed');
  else if (!json && !yaml) error(out, path, 'FieldOverrider must have either YAML or JSON set');
}

const commandArgsOverrider: Schema = arr(
  obj(
    { containerName: str(), operator: str({ enum: ['add', 'remove'] }), value: strings },
    { required: ['containerName', 'operator'] },
  ),
);

const metadataOverrider = (value: Schema): Schema =>
  arr(obj({ operator: patchOperator, value }, { required: ['operator'] }));

const overriders: ObjectSchema = obj({
  plaintext: arr(obj({ path: str(), operator: patchOperator, value: any }, { required: ['path', 'operator'] })),
  imageOverrider: arr(
    obj(
      {
        predicate: obj({ path: str({ check: checkJsonPointer }) }, { required: ['path'] }),
        component: str({ enum: ['Registry', 'Repository', 'Tag'] }),
        operator: patchOperator,
        value: str(),
      },
      { required: ['component', 'operator'] },
    ),
  ),
  commandOverrider: commandArgsOverrider,
  argsOverrider: commandArgsOverrider,
  labelsOverrider: metadataOverrider(labels),
  annotationsOverrider: metadataOverrider(annotations),
  fieldOverrider: arr(
    obj(
      { fieldPath: str({ check: checkJsonPointer }), json: arr(patchOperation), yaml: arr(patchOperation) },
      { required: ['fieldPath'], check: checkFieldOverrider },
    ),
  ),
});

function hasOverriders(value: unknown): boolean {
  return isRecord(value) && Object.keys(overriders.fields).some((key) => nonEmpty(value[key]));
}

/** The deprecated single-rule form cannot be combined with overrideRules. */
function checkSpec(spec: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const rules = spec['overrideRules'];
  if (rules === undefined || rules === null) return;
  if (spec['targetCluster'] !== undefined && spec['targetCluster'] !== null) {
    error(out, [...path, 'targetCluster'], "overrideRules and targetCluster can't co-exist");
  }
  if (hasOverriders(spec['overriders'])) {
    error(out, [...path, 'overriders'], "overrideRules and overriders can't co-exist");
  }
}

/** policyv1alpha1.OverrideSpec. */
export const overrideSpec: ObjectSchema = obj(
  {
    resourceSelectors: arr(resourceSelector),
    overrideRules: arr(obj({ targetCluster: clusterAffinity, overriders }, { required: ['overriders'] })),
    targetCluster: clusterAffinity,
    overriders,
  },
  { check: checkSpec },
);
