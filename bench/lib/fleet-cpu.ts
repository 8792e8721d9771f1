import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

function statFields(pid: string): string[] {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds (user + system) of this process's children that have ended (such as each kubectl run). */
export function childrenCpuSeconds(): number {
  const fields = statFields('self');
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

/**
 * CPU seconds (user + system) the local fleet's processes have used so far: every process whose
 * program lies under the fleet's directory (the members' kube-apiserver, etcd, controllers, kwok).
 * Linux /proc only. Two readings around a run give what the members spent serving it (and whatever
 * else used the shared fleet meanwhile).
 */
export function fleetCpuSeconds(fleetDir: string): number {
  const root = `${realpathSync(fleetDir)}/`;
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(root)) continue;
      const fields = statFields(pid);
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / TICKS_PER_SECOND;
}
