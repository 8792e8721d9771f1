import { hostname } from 'node:os';
import { Flags } from '@oclif/core';
import { FlotillaCommand } from '../base-command.ts';
import { connectLeaseStore, ShardCoordinator, startReconciler, passStatusStep } from '../../reconcile/index.ts';
import { createLogger, LOG_LEVELS } from '../../observability/index.ts';
import { parseDuration } from '../../model/index.ts';
import type { ReconcilerOptions } from '../../reconcile/index.ts';
import {
  CONTROLLER_FLAGS,
  type ControllerSettings,
  controllerSettingsOf,
  type SettingValues,
} from '../../controllers/index.ts';
import type { TlsFiles } from '../../source/index.ts';
import { clusterAccess, clusterFlags } from '../cluster-flags.ts';
import { controllerFlags, durationText } from '../controller-flags.ts';
import { EXIT } from '../exit-codes.ts';
import { sourceFlags, worksSigner, worksSigningFlags } from '../flags.ts';
import { searchToken } from '../search-token.ts';
import { sourceOptions } from '../source-options.ts';
import { type Exposure, passFeed, startUiServer } from '../../ui/index.ts';
import { uiExposure, uiSecurityFlags } from '../ui-flags.ts';
import { readTls, tlsFlags } from '../tls-flags.ts';

/** The flags of `run` that are durations, besides the controllers' (their registrations declare them: controller-flags.ts). */
type DurationFlag = 'poll' | 'resync' | 'lease-duration';

/** `run`'s own flags; the controllers' follow them (src/cli/controller-flags.ts). */
const RUN_FLAGS = {
  ...sourceFlags,
  ...clusterFlags,
  ...worksSigningFlags,
  prune: Flags.boolean({
    description:
      'delete what the inventory holds and the Work no longer does (default: prune.enabled in flotilla.yaml)',
    allowNo: true,
  }),
  'allow-mass-prune': Flags.boolean({
    description: "allow one pass to prune more than prune.maxFraction of a cluster's inventory",
    default: false,
  }),
  poll: durationText('fetch interval of a remote repository', '1m'),
  resync: durationText('re-apply the current commit this often to correct drift; 0 turns it off', '5m'),
  'webhook-addr': Flags.string({ description: 'listen for GitHub/GitLab push webhooks on HOST:PORT' }),
  'webhook-secret': Flags.string({
    description: 'webhook secret (GitHub HMAC key, GitLab token)',
    env: 'FLOTILLA_WEBHOOK_SECRET',
  }),
  ...tlsFlags('webhook', 'the webhook endpoint', { needs: ['webhook-addr'] }),
  'metrics-addr': Flags.string({ description: 'serve /metrics, /healthz and /readyz on HOST:PORT' }),
  ...tlsFlags('metrics', '/metrics, /healthz and /readyz', { needs: ['metrics-addr'] }),
  'ui-addr': Flags.string({
    description: 'serve the read-only web view of the fleet on HOST:PORT, live from each pass (see `flotilla ui`)',
  }),
  ...uiSecurityFlags,
  'search-addr': Flags.string({
    description:
      "serve the search cache (the kinds ResourceRegistries select, from their members) on HOST:PORT, at Karmada's /apis/search.karmada.io/v1alpha1/search/cache/... and, for kubectl, its proxy /apis/search.karmada.io/v1alpha1/proxying/karmada/proxy",
  }),
  ...tlsFlags('search', 'the search cache', {
    needs: ['search-addr'],
    note: 'kubectl sends its token only over TLS',
  }),
  'search-token': Flags.string({
    description: 'the bearer token the search cache asks of every request',
    env: 'FLOTILLA_SEARCH_TOKEN',
  }),
  'search-token-file': Flags.string({
    description: 'a file holding the search token',
    exclusive: ['search-token'],
  }),
  'log-level': Flags.option({ description: 'log level', options: LOG_LEVELS, default: 'info' as const })(),
  'leader-elect': Flags.boolean({
    description: 'coordinate with other replicas through Leases in the host cluster',
    default: false,
  }),
  'host-kubeconfig': Flags.string({
    description: 'kubeconfig of the host cluster holding the Leases (default: in-cluster)',
  }),
  'host-context': Flags.string({ description: 'context of the host cluster in --host-kubeconfig' }),
  'lease-namespace': Flags.string({
    description: 'namespace of the Leases',
    default: 'flotilla-system',
    env: 'POD_NAMESPACE',
  }),
  'lease-name': Flags.string({ description: 'prefix of the Lease names', default: 'flotilla' }),
  'lease-duration': durationText('a replica that has not renewed its Lease for this long loses it', '15s'),
  shards: Flags.integer({ description: 'split the members among N shards, one Lease each', default: 1, min: 1 }),
  identity: Flags.string({
    description: "this replica's Lease holder identity (default: POD_NAME, else host and pid)",
    env: 'POD_NAME',
  }),
};

export default class Run extends FlotillaCommand {
  static override summary = 'Reconcile continuously: watch git, apply, self-heal drift, fail over.';
  static override description =
    "The long-lived reconciler. A local repository is watched on its refs (a commit or a push into it starts a pass within a second); a remote one is fetched every --poll and on GitHub/GitLab push webhooks (--webhook-addr, signature or token checked with --webhook-secret or FLOTILLA_WEBHOOK_SECRET). Every --resync the same commit is applied again, correcting drift. Passes never overlap; a source that cannot be fetched or read leaves the clusters as they are. Members are probed every --probe-interval: one failing longer than --failover-grace is NotReady (no new placements); as in Karmada v1.14+, workloads are evicted only by NoExecute taints of Cluster files and ClusterTaintPolicies, or, with --failover-taint, by Karmada's own NoExecute taint on the failed member, moving per each policy's tolerations and coming back when it recovers. With --leader-elect (or --host-kubeconfig, or --shards N) replicas coordinate through Leases in the host cluster: one leader, or the members split among N shards. With --search-addr it keeps the search cache the repository's ResourceRegistries select (Karmada's search API and its proxy path, behind a bearer token), for `flotilla get --from` and kubectl (which sends its token only over TLS: --search-tls-cert-file and --search-tls-key-file); the webhook and metrics listeners take the same pair of flags. FederatedHPAs are synced every --horizontal-pod-autoscaler-sync-period and CronFederatedHPA rules run on their schedules: the counts they decide replace the templates' for scheduling (git is never changed) and are recorded on the status branch. SIGTERM/SIGINT let the current pass finish, then exit.";
  static override examples = [
    '<%= config.bin %> run --repo . --kubeconfig ~/.kube/fleet --prune',
    '<%= config.bin %> run --repo https://github.com/acme/fleet.git --poll 1m --webhook-addr :9000 --metrics-addr :8080',
    '<%= config.bin %> run --repo /srv/fleet.git --resync 5m --log-level debug',
    '<%= config.bin %> run --repo https://git.example.com/fleet.git --leader-elect --shards 4 --host-context hub',
  ];
  static override flags = {
    ...RUN_FLAGS,
    ...controllerFlags(CONTROLLER_FLAGS, RUN_FLAGS),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Run);
    if (flags['webhook-addr'] && !flags['webhook-secret'])
      this.error('--webhook-addr needs --webhook-secret (or FLOTILLA_WEBHOOK_SECRET): unsigned webhooks are refused', {
        exit: EXIT.error,
      });
    const ms = (flag: DurationFlag): number => {
      try {
        return parseDuration(flags[flag]);
      } catch (error) {
        return this.error(`--${flag}: ${(error as Error).message}`, { exit: EXIT.error });
      }
    };
    const { served, webhookTls } = await this.listeners(flags);
    const log = createLogger({ level: flags['log-level'] });
    const source = sourceOptions(flags);
    const ui = flags['ui-addr'] ? await this.uiView(flags['ui-addr'], flags, source) : undefined;
    const reconciler = await startReconciler({
      source,
      access: clusterAccess(flags),
      log,
      now: () => Date.now(),
      prune: {
        ...(flags.prune !== undefined ? { enabled: flags.prune } : {}),
        allowMassPrune: flags['allow-mass-prune'],
      },
      inventoryName: flags['inventory-name'],
      ...worksSigner(flags['works-signing-key']),
      triggers: {
        pollMs: ms('poll'),
        resyncMs: ms('resync'),
        ...(flags['webhook-addr'] && flags['webhook-secret']
          ? { webhook: { address: flags['webhook-addr'], secret: flags['webhook-secret'], tls: webhookTls } }
          : {}),
        onListening: (url) => log.info({ url }, 'webhook listening'),
      },
      ...served,
      controllerSettings: this.controllerSettings(flags),
      ...(await this.coordination(flags, ms('lease-duration'))),
      status: passStatusStep(source, flags.shards > 1),
      ...(ui
        ? {
            onPass: (result) =>
              void ui.feed.onPass(result).catch((error: unknown) => log.warn({ err: error }, 'web view not updated')),
          }
        : {}),
    });
    const uiServer = ui ? await startUiServer(ui.exposure, ui.feed.source) : undefined;
    if (uiServer) log.info({ url: uiServer.url }, 'web view listening');
    if (reconciler.metricsUrl) log.info({ url: reconciler.metricsUrl }, 'metrics listening');
    if (reconciler.searchUrl) log.info({ url: reconciler.searchUrl }, 'search cache listening');
    await new Promise<void>((resolve) => {
      const stop = (signal: string): void => {
        log.info({ signal }, 'stopping: finishing the current pass');
        void reconciler
          .stop()
          .then(() => uiServer?.close())
          .then(resolve);
      };
      process.once('SIGTERM', () => stop('SIGTERM'));
      process.once('SIGINT', () => stop('SIGINT'));
    });
    log.info('stopped');
  }

  /** `--ui-addr`: its exposure, checked before anything starts, and the feed the passes update. */
  private async uiView(
    address: string,
    flags: Parameters<typeof uiExposure>[1],
    source: ReturnType<typeof sourceOptions>,
  ): Promise<{ exposure: Exposure; feed: ReturnType<typeof passFeed> }> {
    try {
      return { exposure: await uiExposure(address, flags), feed: passFeed(source) };
    } catch (error) {
      return this.error(`--ui-addr: ${(error as Error).message}`, { exit: EXIT.error });
    }
  }

  /** The search cache's token and the listeners' certificates, read and checked before anything starts. */
  private async listeners(
    flags: Readonly<Record<string, string | boolean | number | undefined>> & {
      'search-addr'?: string | undefined;
      'search-token'?: string | undefined;
      'search-token-file'?: string | undefined;
      'metrics-addr'?: string | undefined;
    },
  ): Promise<{ served: Pick<ReconcilerOptions, 'metricsAddress' | 'metricsTls' | 'search'>; webhookTls?: TlsFiles }> {
    const token = await searchToken(flags['search-token'], flags['search-token-file']);
    if (flags['search-addr'] && !token)
      this.error(
        '--search-addr needs a token (--search-token, FLOTILLA_SEARCH_TOKEN or --search-token-file): the cache is never served without one',
        { exit: EXIT.error },
      );
    try {
      const [search, webhook, metrics] = await Promise.all(
        (['search', 'webhook', 'metrics'] as const).map((prefix) => readTls(prefix, flags)),
      );
      const served = {
        ...(flags['metrics-addr'] ? { metricsAddress: flags['metrics-addr'] } : {}),
        ...(metrics ? { metricsTls: metrics } : {}),
        ...(flags['search-addr'] && token
          ? { search: { address: flags['search-addr'], token, ...(search ? { tls: search } : {}) } }
          : {}),
      };
      return { served, ...(webhook ? { webhookTls: webhook } : {}) };
    } catch (error) {
      return this.error((error as Error).message, { exit: EXIT.error });
    }
  }

  /** Each controller's settings from its flags; bad input stops `run` before anything starts, naming the flag. */
  private controllerSettings(flags: SettingValues): ControllerSettings {
    try {
      return controllerSettingsOf(flags);
    } catch (error) {
      return this.error((error as Error).message, { exit: EXIT.error });
    }
  }

  private async coordination(
    flags: {
      'leader-elect': boolean;
      'host-kubeconfig'?: string | undefined;
      'host-context'?: string | undefined;
      shards: number;
      'lease-namespace': string;
      'lease-name': string;
      identity?: string | undefined;
    },
    durationMs: number,
  ): Promise<Pick<ReconcilerOptions, 'coordinator'>> {
    if (!flags['leader-elect'] && !flags['host-kubeconfig'] && !flags['host-context'] && flags.shards === 1) return {};
    const store = await connectLeaseStore({
      namespace: flags['lease-namespace'],
      ...(flags['host-kubeconfig'] ? { kubeconfig: flags['host-kubeconfig'] } : {}),
      ...(flags['host-context'] ? { context: flags['host-context'] } : {}),
    });
    const identity = flags.identity ?? `${hostname()}-${process.pid}`;
    const coordinator = new ShardCoordinator(store, {
      prefix: flags['lease-name'],
      shards: flags.shards,
      identity,
      durationSeconds: Math.max(1, Math.round(durationMs / 1000)),
    });
    return { coordinator: { coordinator, shards: flags.shards, renewMs: Math.max(500, Math.floor(durationMs / 3)) } };
  }
}
