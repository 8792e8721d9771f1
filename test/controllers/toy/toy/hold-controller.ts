/**
 * A toy controller for docs/architecture.md's "Adding a controller": a template annotated
 * `toy.flotilla.io/hold: "true"` is held out of every Work, with a warning naming it, and recorded
 * on the status branch (`toy-holds/held.yaml`, a STATUS.md section). Its whole code is this folder;
 * it joins a registry with one entry (adding-a-controller.test.ts).
 */
import { describeRef, refKey, refOf } from '../../../../src/model/index.ts';
import type { Diagnostic } from '../../../../src/model/index.ts';
import { afterRenderPhases } from '../../../../src/controllers/index.ts';
import type { BeforeRender, Controller, ControllerRecordSection, ControllerRegistration, PassStart } from '../../../../src/controllers/index.ts';
import type { Warn } from '../../../../src/status/index.ts';

export const HOLD_ANNOTATION = 'toy.flotilla.io/hold';

/** Holds annotated templates back and records them; uses no other phase. */
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
            records: () => ({ 'toy-hold': held.map((t) => describeRef(refOf(t.object))) }),
          });
        },
      },
    };
  }

  nextDue(): number | undefined {
    return undefined;
  }
}

const HELD_FILE = 'toy-holds/held.yaml';

function readHeld(document: unknown, warn: Warn): readonly string[] | undefined {
  const held = (document as { held?: unknown } | undefined)?.held;
  if (Array.isArray(held) && held.every((h) => typeof h === 'string')) return held;
  warn(`${HELD_FILE}: held: not a list of names`);
  return undefined;
}

/** Its part of the status branch: one file listing the held templates, and a STATUS.md section. */
export const HOLD_RECORD_SECTION: ControllerRecordSection<readonly string[]> = {
  name: 'toy-hold',
  folder: 'toy-holds/',
  files: (held) => [{ path: HELD_FILE, document: { held } }],
  read: (_record, _path, document, warn) => readHeld(document, warn),
  markdown: (held) => ['## Held back', '', ...held.map((h) => `- ${h}`), ''],
  written: (records) => (records['toy-hold']?.length ? records['toy-hold'] : undefined),
  restored: (held) => ({ 'toy-hold': held ?? [] }),
  statusLines: (held) => ({ title: 'Held back', lines: held.map((h) => `  ${h}`) }),
};

/** Its registry entry: the same form for `run` and for passes without memory, since it remembers nothing between passes. */
export const HOLD_REGISTRATION: ControllerRegistration = {
  name: 'toy-hold',
  empty: () => [],
  live: () => new HoldController(),
  recorded: () => new HoldController(),
  record: HOLD_RECORD_SECTION,
};

declare module '../../../../src/controllers/controller-records.ts' {
  interface ControllerRecords {
    /** Optional: the toy is not in the shipped registry, so the shipped records have no such key. */
    'toy-hold'?: readonly string[];
  }
}
