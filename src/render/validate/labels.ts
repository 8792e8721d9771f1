/**
 * Labels, annotations and label selectors as k8s.io/apimachinery validates them
 * (metav1validation.ValidateLabels / ValidateLabelSelector, apivalidation.ValidateAnnotations).
 */
import type { FieldPath } from '../../model/index.ts';
import {
  error,
  forbiddenMessage,
  invalidMessage,
  requiredMessage,
  unsupportedMessage,
  warning,
  type IssueSink,
} from './issues.ts';
import { isQualifiedName, isValidLabelValue } from './names.ts';
import { arr, map, obj, str, strings, type Schema } from './schema.ts';

/** apivalidation.TotalAnnotationSizeLimitB. */
const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/** How a finding is recorded: as an error, or as a warning with a consequence appended. */
export type Report = (out: IssueSink, path: FieldPath, message: string) => void;

/** A label key, reported at `path`. */
export function checkLabelKey(key: string, path: FieldPath, out: IssueSink, report: Report = error): void {
  for (const msg of isQualifiedName(key)) report(out, path, invalidMessage(key, msg));
}

/** A label value, reported at `path`. */
export function checkLabelValue(value: string, path: FieldPath, out: IssueSink, report: Report = error): void {
  for (const msg of isValidLabelValue(value)) report(out, path, invalidMessage(value, msg));
}

function checkLabels(labels: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  for (const key of Object.keys(labels)) {
    const keyPath = [...path, key];
    checkLabelKey(key, keyPath, out);
    const value = labels[key];
    if (typeof value === 'string') checkLabelValue(value, keyPath, out);
  }
}

function checkAnnotations(annotations: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  let size = 0;
  for (const key of Object.keys(annotations)) {
    for (const msg of isQualifiedName(key.toLowerCase())) error(out, [...path, key], invalidMessage(key, msg));
    const value = annotations[key];
    size += Buffer.byteLength(key) + (typeof value === 'string' ? Buffer.byteLength(value) : 0);
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) {
    error(out, path, `Too long: may not be more than ${TOTAL_ANNOTATION_SIZE_LIMIT} bytes`);
  }
}

/** map[string]string of labels. */
export const labels: Schema = map(str(), checkLabels);

/** map[string]string of annotations. */
export const annotations: Schema = map(str(), checkAnnotations);

const SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'] as const;

function requirementCheck(report: Report): (req: Record<string, unknown>, path: FieldPath, out: IssueSink) => void {
  return (req, path, out) => {
    const values = Array.isArray(req['values']) ? req['values'] : [];
    switch (req['operator']) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) {
          report(out, [...path, 'values'], requiredMessage("must be specified when `operator` is 'In' or 'NotIn'"));
        }
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) {
          report(
            out,
            [...path, 'values'],
            forbiddenMessage("may not be specified when `operator` is 'Exists' or 'DoesNotExist'"),
          );
        }
        break;
      default:
        if (typeof req['operator'] === 'string') {
          report(out, [...path, 'operator'], unsupportedMessage(req['operator'], SELECTOR_OPERATORS));
        }
    }
    if (typeof req['key'] === 'string') checkLabelKey(req['key'], [...path, 'key'], out, report);
    values.forEach((value, i) => {
      if (typeof value === 'string') checkLabelValue(value, [...path, 'values', i], out, report);
    });
  };
}

function selectorLabels(report: Report): (labels: Record<string, unknown>, path: FieldPath, out: IssueSink) => void {
  return (labels, path, out) => {
    for (const key of Object.keys(labels)) {
      checkLabelKey(key, [...path, key], out, report);
      const value = labels[key];
      if (typeof value === 'string') checkLabelValue(value, [...path, key], out, report);
    }
  };
}

const labelSelectorWith = (report: Report): Schema =>
  obj({
    matchLabels: map(str(), selectorLabels(report)),
    matchExpressions: arr(
      obj(
        { key: str(), operator: str(), values: strings },
        { required: ['key', 'operator'], check: requirementCheck(report) },
      ),
    ),
  });

/** metav1.LabelSelector. */
export const labelSelector: Schema = labelSelectorWith(error);

/**
 * A label selector over Clusters. Karmada stores it without validating it and a selector it
 * cannot build matches no cluster (an affinity term using it is then skipped), so what Kubernetes
 * would reject is a warning saying so.
 */
export const clusterLabelSelector: Schema = labelSelectorWith((out, path, message) =>
  warning(out, path, `${message}; this selector matches no cluster`),
);
