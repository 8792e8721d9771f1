/**
 * A toy controller for docs/architecture.md's "Adding a controller": a template annotated
 * `toy.flotilla.io/hold: "true"` is held out of every Work, with a warning naming it. Its whole
 * code is this folder; it joins a registry with one entry (adding-a-controller.test.ts).
 */
import { describeRef, refKey, refOf } from '../../../../src/model/index.ts';
import type { Diagnostic } from '../../../../src/model/index.ts';
import { afterRenderPhases } from '../../../../src/controllers/index.ts';
import type { BeforeRender, Controller, ControllerRegistration, PassStart } from '../../../../src/controllers/index.ts';

export const HOLD_ANNOTATION = 'toy.flotilla.io/hold';

/** Holds annotated templates back; uses no other phase. */
export class HoldController implements Controller {
  readonly name = 'toy-hold';

  beforeRender(start: PassStart): BeforeRender {
    return {
      scheduling: start.scheduling,
      next: {
        afterRender: ({ bindings }) => {
          const held = bindings.map((b) => b.template).filter((t) => t.object.metadata.annotations?.[HOLD_ANNOTATION] === 'true');
          const diagnostics = held.map(
            (t): Diagnostic => ({
              ...t.origin,
              severity: 'warning',
              object: describeRef(refOf(t.object)),
              message: `held back by ${HOLD_ANNOTATION}`,
            }),
          );
          return afterRenderPhases({
            holds: { waiting: new Set(held.map((t) => refKey(refOf(t.object)))), kept: new Map() },
            diagnostics,
          });
        },
      },
    };
  }

  nextDue(): number | undefined {
    return undefined;
  }
}

/** Its registry entry: the same form for `run` and for passes without memory, since it remembers nothing. */
export const HOLD_REGISTRATION: ControllerRegistration = {
  name: 'toy-hold',
  live: () => new HoldController(),
  recorded: () => new HoldController(),
};
