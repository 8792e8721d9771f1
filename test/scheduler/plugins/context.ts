import type { Placement } from '../../../src/model/index.ts';
import type { PluginContext } from '../../../src/scheduler/plugins/index.ts';
import { deployment } from '../helpers.ts';

/** A plugin context for one binding; fields default to "nothing special". */
export function context(fields: Partial<PluginContext> & { placement?: Placement } = {}): PluginContext {
  return {
    resource: deployment,
    placement: {},
    affinity: undefined,
    overflow: [],
    previous: new Set(),
    evicted: new Set(),
    workloadAffinity: undefined,
    ...fields,
  };
}
