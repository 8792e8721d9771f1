import { accessSync, constants } from 'node:fs';
import { Flags } from '@oclif/core';
import { FlotillaCommand } from '../base-command.ts';
import {
  connectKubeClient,
  DEFAULT_KUBE_CLIENT_OPTIONS,
  IN_CLUSTER_CONTEXT,
  inClusterKubeconfig,
  INVENTORY_NAME,
  holderIdentity,
  loadKubeconfig,
  DEFAULT_MEMBER_TIMEOUT_MS,
} from '../../apply/index.ts';
import type { KubeClient } from '../../apply/index.ts';
import { DEFAULT_WORKS_BRANCH, MAX_HEARTBEAT_SECONDS } from '../../model/index.ts';
import { runAgentLoop, AgentRounds } from '../../agent/index.ts';
import { createLogger, LOG_LEVELS } from '../../observability/index.ts';
import { durationFlag } from '../cluster-flags.ts';
import { redactUrl } from '../../source/index.ts';
import { EXIT } from '../exit-codes.ts';
import { readTls, tlsFlags } from '../tls-flags.ts';

const duration = (description: string, ms: number, shown: string) =>
  durationFlag({ description: `${description} (e.g. 30s, 5m)`, default: ms, defaultHelp: async () => shown });

export default class Agent extends FlotillaCommand {
  static override summary = 'Run inside a Pull member: apply its Work from the works branch and report back.';
  static override description =
    "The agent of a Cluster with spec.syncMode: Pull, which the hub never contacts. Every --poll it reads the works branch (a remote repository: one fetch) and, when the folder of --cluster changed, applies it with the engine of apply: server-side apply in stages, the inventory ConfigMap and its Lease in flotilla-system, and prune only when the folder's work.json allows it for its source commit. After an apply, and at least every --heartbeat, it observes its cluster and the Work's objects and publishes its report (cluster status, per-object applied, health and status, the heartbeat) to its own branch, flotilla/agents/<cluster>; the hub reads it, and a member whose heartbeat is older than its grace (three heartbeats, or the Cluster's flotilla.io/heartbeat-grace) is NotReady and failed over. Inside a Pod it uses the in-cluster service account; --kubeconfig (and --context) otherwise. A remote repository's credentials come from FLOTILLA_GIT_TOKEN (and FLOTILLA_GIT_USERNAME). --once runs one round and exits 1 if it failed. SIGTERM/SIGINT let the round under way finish.";
  static override examples = [
    '<%= config.bin %> agent --cluster edge-1 --repo https://github.com/acme/fleet.git',
    '<%= config.bin %> agent --cluster member3 --repo /srv/fleet --kubeconfig ~/.kube/member3 --poll 10s --heartbeat 30s',
    '<%= config.bin %> agent --cluster edge-1 --repo https://git.example.com/fleet.git --once    # from cron or CI',
  ];
  static override flags = {
    cluster: Flags.string({
      description: 'the Cluster this agent runs in (its name in the fleet repository)',
      required: true,
    }),
    repo: Flags.string({ description: 'fleet repository: a local path or a remote URL', required: true }),
    'works-branch': Flags.string({
      description: "the hub's works branch (worksBranch in flotilla.yaml)",
      default: DEFAULT_WORKS_BRANCH,
    }),
    kubeconfig: Flags.string({ description: 'kubeconfig of this cluster (default: the in-cluster service account)' }),
    context: Flags.string({ description: 'context in --kubeconfig (default: its current context)' }),
    once: Flags.boolean({ description: 'run one round and exit (cron, CI)', default: false }),
    'report-only': Flags.boolean({
      description:
        'apply nothing: another tool (Argo CD, Flux) applies the folder; observe the cluster and report which objects it holds as the Work has them',
      default: false,
    }),
    poll: duration('how often the works branch is read', 30_000, '30s'),
    heartbeat: duration('report at least this often, changes or not', 60_000, '60s'),
    resync: duration('apply the Work again this often although it did not change (drift); 0 never', 300_000, '5m'),
    'metrics-addr': Flags.string({ description: 'serve /metrics, /healthz and /readyz on HOST:PORT' }),
    ...tlsFlags('metrics', '/metrics, /healthz and /readyz', { needs: ['metrics-addr'] }),
    'inventory-name': Flags.string({
      description: 'name of the inventory ConfigMap in flotilla-system: one per fleet repository applying here',
      default: INVENTORY_NAME,
    }),
    'lease-duration': duration(
      'the inventory is guarded by a Lease while the agent writes it; a holder silent this long loses it',
      15_000,
      '15s',
    ),
    'member-timeout': duration('deadline of one round against this cluster', DEFAULT_MEMBER_TIMEOUT_MS, '5m'),
    'cluster-failure-threshold': duration(
      'how long this cluster must fail its readyz before it reports not Ready',
      30_000,
      '30s',
    ),
    'cluster-success-threshold': duration('how long it must answer again before it reports Ready', 30_000, '30s'),
    qps: Flags.integer({ description: 'client-side requests per second', default: DEFAULT_KUBE_CLIENT_OPTIONS.qps }),
    burst: Flags.integer({ description: 'client-side request burst', default: DEFAULT_KUBE_CLIENT_OPTIONS.burst }),
    'works-verify-key': Flags.string({
      description:
        'SSH public key or allowed-signers file: apply only works commits it signed (the hub runs with --works-signing-key)',
      env: 'FLOTILLA_WORKS_VERIFY_KEY',
    }),
    'log-level': Flags.option({ description: 'log level', options: LOG_LEVELS, default: 'info' as const })(),
  };

  async #client(flags: {
    cluster: string;
    kubeconfig?: string | undefined;
    context?: string | undefined;
    qps: number;
    burst: number;
  }): Promise<KubeClient> {
    const options = { qps: flags.qps, burst: flags.burst };
    if (flags.kubeconfig === undefined && flags.context === undefined) {
      return connectKubeClient(flags.cluster, IN_CLUSTER_CONTEXT, inClusterKubeconfig(), options);
    }
    const kubeconfig = await loadKubeconfig(flags.kubeconfig ? { kubeconfig: flags.kubeconfig } : {});
    const context = flags.context ?? kubeconfig.currentContext;
    if (!context) this.error('--kubeconfig has no current context: pass --context', { exit: EXIT.error });
    return connectKubeClient(flags.cluster, context, kubeconfig, options);
  }

  /** The key file, checked readable now rather than at the first works commit. */
  #verifyKey(file: string): string {
    try {
      accessSync(file, constants.R_OK);
      return file;
    } catch (error) {
      return this.error(`--works-verify-key: ${(error as Error).message}`, { exit: EXIT.error });
    }
  }

  async run(): Promise<void> {
    const { flags } = await this.parse(Agent);
    if (flags.poll <= 0 || flags.heartbeat <= 0)
      this.error('--poll and --heartbeat must be longer than zero', { exit: EXIT.error });
    if (flags.heartbeat > MAX_HEARTBEAT_SECONDS * 1000)
      this.error(`--heartbeat must be at most ${MAX_HEARTBEAT_SECONDS / 60}m: the hub refuses a longer interval`, {
        exit: EXIT.error,
      });
    const worksVerifyKey = flags['works-verify-key'] && this.#verifyKey(flags['works-verify-key']);
    const metricsTls = await readTls('metrics', flags).catch((error: unknown) =>
      this.error((error as Error).message, { exit: EXIT.error }),
    );
    const log = createLogger({ level: flags['log-level'] });
    const client = await this.#client(flags);
    const holder = holderIdentity('agent');
    const rounds = new AgentRounds({
      cluster: flags.cluster,
      source: { repo: flags.repo },
      worksBranch: flags['works-branch'],
      client,
      inventoryName: flags['inventory-name'],
      lock: { durationSeconds: Math.max(1, Math.round(flags['lease-duration'] / 1000)) },
      heartbeatMs: flags.heartbeat,
      resyncMs: flags.resync,
      memberTimeoutMs: flags['member-timeout'],
      holder,
      reportOnly: flags['report-only'],
      ...(worksVerifyKey ? { worksVerifyKey } : {}),
      readyThresholds: { failureMs: flags['cluster-failure-threshold'], successMs: flags['cluster-success-threshold'] },
      onEvent: (event) => {
        if (event.type === 'object')
          log.debug({ cluster: flags.cluster, ...event.outcome.ref, action: event.outcome.action }, 'object');
        if (event.type === 'prune')
          log.debug({ cluster: flags.cluster, ...event.outcome.ref, action: event.outcome.action }, 'prune');
        if (event.type === 'locked')
          log.info({ cluster: flags.cluster, holder: event.holder }, 'inventory locked: waiting');
      },
    });
    const stop = new AbortController();
    const onSignal = (signal: string): void => {
      log.info({ signal }, 'stopping: finishing the current round');
      stop.abort();
    };
    process.once('SIGTERM', () => onSignal('SIGTERM'));
    process.once('SIGINT', () => onSignal('SIGINT'));
    log.info(
      { cluster: flags.cluster, repo: redactUrl(flags.repo), worksBranch: flags['works-branch'], holder },
      'agent started',
    );
    const result = await runAgentLoop(rounds, {
      cluster: flags.cluster,
      pollMs: flags.poll,
      heartbeatMs: flags.heartbeat,
      log,
      now: () => Date.now(),
      signal: stop.signal,
      once: flags.once,
      ...(flags['metrics-addr'] ? { metricsAddress: flags['metrics-addr'] } : {}),
      ...(metricsTls ? { metricsTls } : {}),
    });
    log.info('stopped');
    if (flags.once && !result.ok) this.exit(EXIT.error);
  }
}
