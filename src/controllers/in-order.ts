/**
 * The registered controllers as one: each phase runs every controller's phase in registry order,
 * the scheduling inputs one controller leaves going to the next, and joins what they decide
 * (holds, diagnostics, records, requests for a pass). A pass drives this one controller.
 */
import type {
  AfterApply,
  AfterRender,
  AfterStatus,
  ApplyHolds,
  AwaitingApply,
  AwaitingRender,
  AwaitingStatus,
  BeforeRender,
  Controller,
  ControllerContext,
  PassStart,
} from './controller.ts';

function joinHolds(all: readonly ApplyHolds[]): ApplyHolds {
  const out: ApplyHolds = { waiting: new Set(), kept: new Map() };
  for (const holds of all) {
    for (const key of holds.waiting) out.waiting.add(key);
    for (const [cluster, kept] of holds.kept) {
      const joined = out.kept.get(cluster) ?? new Map<string, string>();
      for (const [key, why] of kept) if (!joined.has(key)) joined.set(key, why);
      out.kept.set(cluster, joined);
    }
    for (const [cluster, keys] of holds.released ?? []) {
      out.released ??= new Map();
      out.released.set(cluster, new Set([...(out.released.get(cluster) ?? []), ...keys]));
    }
  }
  return out;
}

function awaitingStatus(next: readonly AwaitingStatus[]): AwaitingStatus {
  return {
    afterStatus: (reported): AfterStatus => {
      const requests = next.map((n) => n.afterStatus(reported).requestPass).filter((r): r is string => r !== undefined);
      return requests.length > 0 ? { requestPass: requests.join('; ') } : {};
    },
  };
}

function awaitingApply(next: readonly AwaitingApply[]): AwaitingApply {
  return {
    afterApply: (applied): AfterApply => {
      const after = next.map((n) => n.afterApply(applied));
      return {
        records: Object.assign({}, ...after.map((a) => a.records)),
        next: awaitingStatus(after.map((a) => a.next)),
      };
    },
  };
}

function awaitingRender(next: readonly AwaitingRender[]): AwaitingRender {
  return {
    afterRender: (rendered): AfterRender => {
      const after = next.map((n) => n.afterRender(rendered));
      return {
        holds: joinHolds(after.map((a) => a.holds)),
        diagnostics: after.flatMap((a) => a.diagnostics),
        next: awaitingApply(after.map((a) => a.next)),
      };
    },
  };
}

/** The controllers, in this order, as one controller. */
export function inOrder(controllers: readonly Controller[]): Controller {
  return {
    name: controllers.map((c) => c.name).join(','),
    beforeRender: (start: PassStart): BeforeRender => {
      let scheduling = start.scheduling;
      const next: AwaitingRender[] = [];
      for (const controller of controllers) {
        const before = controller.beforeRender({ ...start, scheduling });
        scheduling = before.scheduling;
        next.push(before.next);
      }
      return { scheduling, next: awaitingRender(next) };
    },
    nextDue: () => {
      const due = controllers.map((c) => c.nextDue()).filter((t): t is number => t !== undefined);
      return due.length > 0 ? Math.min(...due) : undefined;
    },
    start: (context: ControllerContext) => {
      const started = controllers.flatMap((c) => (c.start ? [c.start(context)] : []));
      return {
        close: async () => {
          await Promise.all(started.map((s) => s.close()));
        },
      };
    },
  };
}
