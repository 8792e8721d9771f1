/**
 * A Cluster's `spec.resourceModels` as Karmada's registry admits them
 * (docs/karmada-compatibility.md#clusters): first standardized — ordered by grade, the first
 * grade's minimums taken as 0 and the last grade's maximums as unbounded (Karmada writes the
 * largest int64), whatever was written — then checked: distinct grades, the same resource names in the same order in every
 * grade, only cpu, memory, storage and ephemeral-storage, each range's max above its min, and each
 * grade starting where the one below it ends. Karmada stops at the first problem, and so does this.
 */
import { isRecord, quantityAsNumber, type FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, unsupportedMessage, type IssueSink } from '../issues.ts';

const SUPPORTED_NAMES = ['cpu', 'ephemeral-storage', 'memory', 'storage'];

interface Range {
  name: string;
  min: number;
  max: number;
}

interface Model {
  index: number;
  grade: number;
  ranges: Range[];
}

/** The models in grade order with their boundaries standardized; `undefined` when one is malformed (the schema says why). */
function standardized(models: readonly unknown[]): Model[] | undefined {
  const out: Model[] = [];
  for (const [index, model] of models.entries()) {
    if (!isRecord(model) || typeof model['grade'] !== 'number' || !Array.isArray(model['ranges'])) return undefined;
    const ranges: Range[] = [];
    for (const r of model['ranges']) {
      if (!isRecord(r) || typeof r['name'] !== 'string') return undefined;
      const min = quantityAsNumber(r['min'] as string | number);
      const max = quantityAsNumber(r['max'] as string | number);
      if (min === undefined || max === undefined) return undefined;
      ranges.push({ name: r['name'], min, max });
    }
    out.push({ index, grade: model['grade'], ranges });
  }
  out.sort((a, b) => a.grade - b.grade);
  const first = out[0];
  const last = out.at(-1);
  for (const r of first?.ranges ?? []) r.min = 0;
  for (const r of last?.ranges ?? []) r.max = Number.POSITIVE_INFINITY;
  return out;
}

/** The first rule a standardized model breaks, with the field it is about. */
function firstProblem(models: readonly Model[]): { path: FieldPath; message: string } | undefined {
  for (const [i, model] of models.entries()) {
    const at: FieldPath = [model.index];
    const previous = models[i - 1];
    if (previous && previous.grade === model.grade)
      return {
        path: [...at, 'grade'],
        message: invalidMessage(model.grade, 'The grade of each models should not be the same'),
      };
    if (previous && previous.ranges.length !== model.ranges.length)
      return { path: [...at, 'ranges'], message: 'Invalid value: The number of resource types should be the same' };
    for (const [j, range] of model.ranges.entries()) {
      const rangeAt: FieldPath = [...at, 'ranges', j];
      if (!SUPPORTED_NAMES.includes(range.name))
        return { path: [...rangeAt, 'name'], message: unsupportedMessage(range.name, SUPPORTED_NAMES) };
      if (range.max <= range.min)
        return {
          path: [...rangeAt, 'max'],
          message: 'Invalid value: The max value of each resource must be greater than the min value',
        };
      const below = previous?.ranges[j];
      if (below && below.name !== range.name)
        return {
          path: [...rangeAt, 'name'],
          message: invalidMessage(range.name, 'The resource types of each models should be the same'),
        };
      if (below && below.max !== range.min)
        return {
          path: [...rangeAt, 'min'],
          message: 'Invalid value: Model intervals for resources must be contiguous and non-overlapping',
        };
    }
  }
  return undefined;
}

/** ValidateClusterResourceModels after StandardizeClusterResourceModels. */
export function checkResourceModels(models: unknown[], path: FieldPath, out: IssueSink): void {
  const list = standardized(models);
  const problem = list && firstProblem(list);
  if (problem) error(out, [...path, ...problem.path], problem.message);
}
