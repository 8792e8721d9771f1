// A member outage for failover tests: the member's kube-apiserver is killed the
// way a crash kills it (SIGKILL, no graceful shutdown), and brought back with
// kwokctl, which starts whatever of the member is not running: the apiserver,
// and the controller manager and scheduler if they gave up on their leases.
import { setTimeout as sleep } from 'node:timers/promises';
import { cachedBinaries } from './build.ts';
import { ownPaths } from './config.ts';
import { componentPids, forgetComponent, memberReady, startStoppedComponents, type MemberName } from './kwok.ts';
import { ownProcess } from './processes.ts';

/** SIGKILLs the member's kube-apiserver and resolves once the process is gone. */
export async function killApiserver(member: MemberName): Promise<void> {
  const pid = (await componentPids(member)).get('kube-apiserver');
  if (pid === undefined || !(await ownProcess(pid, ownPaths()))) {
    throw new Error(`${member.name}: no running kube-apiserver recorded by kwokctl (pid ${pid ?? 'none'})`);
  }
  process.kill(pid, 'SIGKILL');
  // ownProcess is false for a zombie too (empty cmdline), which is what "gone" means here.
  for (let waited = 0; await ownProcess(pid, ownPaths()); waited += 100) {
    if (waited > 10_000) throw new Error(`${member.name}: kube-apiserver (pid ${pid}) still runs 10 s after SIGKILL`);
    await sleep(100);
  }
}

/** Starts the member's stopped components and waits (up to two minutes) until its apiserver is ready. */
export async function restartMember(member: MemberName): Promise<void> {
  const bins = await cachedBinaries();
  if (!bins)
    throw new Error(`${member.name}: no cached fleet binaries to restart it with (npm run clusters:up builds them)`);
  // kwokctl counts a component as running while its recorded pid answers signal 0, and a zombie
  // does (an init that reaps late, as in some containers, leaves the killed process one for a
  // while); so the pid files of processes that are gone are dropped first.
  for (const [component, pid] of await componentPids(member)) {
    if (!(await ownProcess(pid, ownPaths()))) await forgetComponent(member, component);
  }
  await startStoppedComponents(member, bins.kwokctl);
  if (!(await memberReady(member, bins.kubectl, 120_000))) {
    throw new Error(`${member.name}: kube-apiserver does not answer /readyz two minutes after kwokctl start cluster`);
  }
}

/**
 * Freezes the member's kube-apiserver with SIGSTOP: the kernel still accepts connections on its
 * port, but nothing answers them. Returns the thaw (SIGCONT), which is safe to call twice.
 */
export async function freezeApiserver(member: MemberName): Promise<() => void> {
  const pid = (await componentPids(member)).get('kube-apiserver');
  if (pid === undefined || !(await ownProcess(pid, ownPaths()))) {
    throw new Error(`${member.name}: no running kube-apiserver recorded by kwokctl (pid ${pid ?? 'none'})`);
  }
  process.kill(pid, 'SIGSTOP');
  let frozen = true;
  return () => {
    if (frozen) process.kill(pid, 'SIGCONT');
    frozen = false;
  };
}
