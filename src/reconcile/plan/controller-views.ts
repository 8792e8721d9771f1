/**
 * What the registered controllers show in a plan (README.md#flotilla-plan), joined into its
 * document without knowing which controller said what: each view's fields on the bindings it
 * names (the descheduler's `descheduled`), and its fields of the document (`multiClusterServices`).
 */
import { refKey } from '../../model/index.ts';
import { CONTROLLERS } from '../../controllers/index.ts';
import type { PlanViewInput } from '../../controllers/index.ts';
import type { PlanDocument } from './plan-document.ts';

/** The document with every registered controller's plan view. */
export function withControllerViews(document: PlanDocument, input: PlanViewInput): PlanDocument {
  const views = CONTROLLERS.flatMap((c) => (c.plan ? [c.plan(input)] : []));
  const bindings = document.bindings.map((b) => {
    const notes = views.flatMap((v) => v.bindings?.get(refKey(b.resource)) ?? []);
    return notes.length > 0 ? Object.assign({}, b, ...notes) : b;
  });
  return Object.assign({ ...document, bindings }, ...views.map((v) => v.document ?? {}));
}
