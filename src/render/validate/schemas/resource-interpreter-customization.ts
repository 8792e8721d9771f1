/**
 * config.karmada.io/v1alpha1 ResourceInterpreterCustomization
 * (docs/karmada-compatibility.md#interpreter-customizations). Scripts are only checked to be strings here; compiling
 * them is the interpreter's job.
 */
import { obj, str, type ObjectSchema } from '../schema.ts';

const lua = obj({ luaScript: str() }, { required: ['luaScript'] });

/** configv1alpha1.ResourceInterpreterCustomizationSpec. */
export const interpreterCustomizationSpec: ObjectSchema = obj(
  {
    target: obj({ apiVersion: str(), kind: str() }, { required: ['apiVersion', 'kind'] }),
    customizations: obj({
      retention: lua,
      replicaResource: lua,
      componentResource: lua,
      replicaRevision: lua,
      statusReflection: lua,
      statusAggregation: lua,
      healthInterpretation: lua,
      dependencyInterpretation: lua,
    }),
  },
  { required: ['target', 'customizations'] },
);
