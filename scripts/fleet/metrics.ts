// metrics.k8s.io on every member: kwokctl runs metrics-server next to the
// apiserver and registers it as an APIService; metrics-server scrapes the
// kubelet resource metrics that the kwok controller simulates for the fake
// nodes (scripts/fleet/metrics/*.yaml). See docs/development.md#metrics.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Binaries, Log } from './build.ts';
import { ownPaths } from './config.ts';
import {
  componentPids,
  forgetComponent,
  memberKubeconfig,
  memberLogs,
  metricsServerComponent,
  recordComponent,
  recordedComponents,
  runningComponentPid,
  startStoppedComponents,
  type MemberName,
} from './kwok.ts';
import { ownProcess } from './processes.ts';
import { CommandError, run, tail } from './run.ts';

export const metricsApiService = 'v1beta1.metrics.k8s.io';

/**
 * False for a member created before the fleet ran metrics-server: kwokctl fixes a cluster's
 * components at create time and `kwokctl start` only starts those, so such a member has to be
 * created again to get one.
 */
export async function hasMetricsServer(member: MemberName): Promise<boolean> {
  return (await recordedComponents(member)).includes(metricsServerComponent);
}

/** Starts the member's metrics-server again if its process is gone (kwokctl leaves the running components alone). */
export async function ensureMetricsServerRunning(member: MemberName, bins: Binaries, log: Log): Promise<void> {
  const pid = (await componentPids(member)).get(metricsServerComponent);
  if (pid !== undefined && (await ownProcess(pid, ownPaths()))) return;
  // A stale pid file (a second metrics-server started while the first still served died on its
  // port) hides the one that serves: record it, so `clusters:down` stops it and no third is started.
  const running = await runningComponentPid(member, metricsServerComponent);
  if (running !== undefined) {
    log(`${member.name}: metrics-server runs as pid ${running}, not as its pid file says; recording it`);
    await recordComponent(member, metricsServerComponent, running);
    return;
  }
  log(`${member.name}: metrics-server is not running; starting it again (kwokctl start cluster)`);
  // kwokctl takes a recorded pid that still answers signal 0 (a zombie, a reused pid) for a running component.
  if (pid !== undefined) await forgetComponent(member, metricsServerComponent);
  await startStoppedComponents(member, bins.kwokctl);
}

/** Waits until the member's apiserver reports the metrics APIService Available; the error carries metrics-server's log. */
export async function waitForMetricsApi(member: MemberName, kubectl: string, timeoutSeconds = 120): Promise<void> {
  const args = ['--kubeconfig', memberKubeconfig(member), 'wait', '--for=condition=Available'];
  try {
    await run(kubectl, [...args, `apiservice/${metricsApiService}`, `--timeout=${timeoutSeconds}s`]);
  } catch (error) {
    const output = error instanceof CommandError ? error.result.stderr.trim() : String(error);
    const logFile = join(memberLogs(member), `${metricsServerComponent}.log`);
    const logTail = tail(await readFile(logFile, 'utf8').catch(() => '(no log)'), 15);
    throw new Error(
      `${member.name}: APIService ${metricsApiService} is not Available after ${timeoutSeconds} s: ${output}\n` +
        `--- ${logFile} (last lines)\n${logTail}`,
    );
  }
}
