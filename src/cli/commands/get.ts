import { Args, Flags } from '@oclif/core';
import { FlotillaCommand } from '../base-command.ts';
import { withoutManagedFields } from '../../model/index.ts';
import type { Cluster, KubeObject } from '../../model/index.ts';
import { qualifiedResource } from '../../apply/index.ts';
import { getFromCache, getFromMembers } from '../../get/index.ts';
import type { GetOutcome, GetRequest } from '../../get/index.ts';
import { readFleet } from '../../reconcile/index.ts';
import { maskSecret } from '../../render/index.ts';
import { durationFlag } from '../cluster-flags.ts';
import { EXIT } from '../exit-codes.ts';
import { outputFlag, sourceFlags } from '../flags.ts';
import { getText, nothingFound } from '../output/get-output.ts';
import { writeStdout } from '../output/write-stdout.ts';
import { searchToken } from '../search-token.ts';
import { sourceOptions } from '../source-options.ts';

/** `TYPE/NAME` or `TYPE NAME` as kubectl takes them. */
function typeAndName(type: string, name: string | undefined): { type: string; name?: string } {
  const slash = type.indexOf('/');
  if (slash < 0) return name === undefined ? { type } : { type, name };
  if (name !== undefined) throw new Error(`there is a name in ${type} already: give TYPE/NAME or TYPE NAME, not both`);
  return { type: type.slice(0, slash), name: type.slice(slash + 1) };
}

export default class Get extends FlotillaCommand {
  static override summary = 'List objects of one type across the member clusters, as kubectl get does.';
  static override description =
    "Asks every member cluster of the fleet repository at once (each Cluster X through the kubeconfig context X, or the one its flotilla.io/kubeconfig-context annotation names) and prints kubectl's table with a CLUSTER column; TYPE is a plural, singular, kind or short name, resolved through each member's discovery. A member that does not answer gets one error line on stderr and the others still print; the exit code is then 1. With --from URL it reads the search cache of a `flotilla run --search-addr` instead, with a bearer token (--token, FLOTILLA_SEARCH_TOKEN or --token-file) and no member credentials: only the kinds ResourceRegistries cache are there.";
  static override examples = [
    '<%= config.bin %> get deployments -A --kubeconfig ~/.kube/fleet',
    '<%= config.bin %> get deploy/web -n shop -o wide',
    '<%= config.bin %> get pods -n shop -l app=web --clusters member1,member2',
    '<%= config.bin %> get configmaps -A --field-selector metadata.name=settings -o json',
    '<%= config.bin %> get deployments -A --from https://flotilla.example.com --token-file /var/run/search-token',
  ];
  static override args = {
    type: Args.string({ description: 'TYPE or TYPE/NAME (deployments, deploy/web, Deployment.apps)', required: true }),
    name: Args.string({ description: 'NAME, when not given as TYPE/NAME' }),
  };
  static override flags = {
    ...sourceFlags,
    namespace: Flags.string({ char: 'n', description: 'the namespace (default: default)' }),
    // As kubectl: -A wins over -n rather than conflicting with it.
    'all-namespaces': Flags.boolean({
      char: 'A',
      description: 'every namespace (-n is then ignored)',
      default: false,
    }),
    selector: Flags.string({ char: 'l', description: 'label selector (app=web,tier!=db)' }),
    'field-selector': Flags.string({ description: 'field selector (metadata.name=web)' }),
    clusters: Flags.string({ description: 'only these members, comma-separated (default: every Cluster)' }),
    output: outputFlag(['table', 'wide', 'json', 'yaml', 'name'] as const),
    kubeconfig: Flags.string({
      description: 'kubeconfig file (default: $KUBECONFIG, else ~/.kube/config)',
      exclusive: ['from'],
    }),
    'member-timeout': durationFlag({
      description: 'how long each member may take to answer (e.g. 10s, 1m)',
      default: 30_000,
      defaultHelp: async () => '30s',
    }),
    from: Flags.string({
      description: 'read the search cache of `flotilla run --search-addr` at this URL, not the members',
    }),
    token: Flags.string({ description: "the search cache's bearer token (with --from)", env: 'FLOTILLA_SEARCH_TOKEN' }),
    'token-file': Flags.string({ description: 'a file holding the bearer token (with --from)', exclusive: ['token'] }),
    'show-secrets': Flags.boolean({
      description:
        "print Secrets' values with -o json|yaml (masked as *** otherwise; the search cache never holds them)",
      default: false,
    }),
    'show-managed-fields': Flags.boolean({
      description: 'keep metadata.managedFields with -o json|yaml (left out otherwise, as kubectl does)',
      default: false,
    }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Get);
    const { type, name } = typeAndName(args.type, args.name);
    // kubectl's words: a name and a label or field selector exclude each other, in either form.
    if (name !== undefined && (flags.selector || flags['field-selector']))
      this.error(
        args.name === undefined
          ? 'selectors and the all flag cannot be used when passing resource/name arguments'
          : 'name cannot be provided when a selector is specified',
        { exit: EXIT.error },
      );
    const namespace = flags['all-namespaces'] ? undefined : (flags.namespace ?? 'default');
    const request: GetRequest = {
      type,
      ...(name !== undefined ? { name } : {}),
      ...(namespace !== undefined ? { namespace } : {}),
      ...(flags.selector ? { labelSelector: flags.selector } : {}),
      ...(flags['field-selector'] ? { fieldSelector: flags['field-selector'] } : {}),
      shape: flags.output === 'table' || flags.output === 'wide' ? 'table' : 'objects',
    };
    const wanted = flags.clusters
      ?.split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '');
    const found = flags.from
      ? await this.fromCache(flags.from, flags, request, wanted)
      : await this.fromMembers(flags, request, wanted);
    // As kubectl, once the type is known: a namespaced object is named in one namespace only.
    if (name !== undefined && namespace === undefined && found.resource?.namespaced)
      this.error('a resource cannot be retrieved by name across all namespaces', { exit: EXIT.error });
    const shown = (object: KubeObject): KubeObject => {
      const visible = flags['show-secrets'] ? object : maskSecret(object);
      return flags['show-managed-fields'] ? visible : withoutManagedFields(visible);
    };
    const outcome = { ...found, items: found.items.map((i) => ({ ...i, object: shown(i.object) })) };
    // As kubectl: a name no member has is NotFound in every format, with nothing on stdout (not an
    // empty List); an empty list is said so on stderr only in its tables.
    const missing = outcome.items.length === 0 && outcome.failures.length === 0;
    const text =
      missing && name !== undefined
        ? ''
        : getText(outcome, { format: flags.output, allNamespaces: namespace === undefined, now: Date.now() });
    if (text !== '') await writeStdout(text);
    for (const skip of outcome.skipped ?? []) this.logToStderr(`note: ${skip.message}`);
    for (const failure of outcome.failures) this.logToStderr(`error: ${failure.message}`);
    if (missing && name !== undefined) {
      const what = outcome.resource ? qualifiedResource(outcome.resource) : type;
      this.logToStderr(`Error from server (NotFound): ${what} "${name}" not found`);
      this.exit(EXIT.error);
    }
    if (missing && request.shape === 'table')
      this.logToStderr(nothingFound(namespace, outcome.resource?.namespaced ?? true));
    if (outcome.failures.length > 0) this.exit(EXIT.error);
  }

  private async fromMembers(
    flags: {
      repo: string;
      ref?: string | undefined;
      path?: string | undefined;
      kubeconfig?: string | undefined;
      'member-timeout': number;
    },
    request: GetRequest,
    wanted: readonly string[] | undefined,
  ): Promise<GetOutcome> {
    const { fleet } = await readFleet(sourceOptions(flags));
    const all: Cluster[] = fleet.clusters.map((c) => c.object);
    if (all.length === 0)
      this.error('the fleet repository names no Cluster: there is no member to ask', { exit: EXIT.error });
    const unknown = (wanted ?? []).filter((w) => !all.some((c) => c.metadata.name === w));
    if (unknown.length > 0)
      this.error(
        `--clusters: no Cluster ${unknown.join(', ')} in the repository (it has ${all.map((c) => c.metadata.name).join(', ')})`,
        {
          exit: EXIT.error,
        },
      );
    const clusters = wanted ? all.filter((c) => wanted.includes(c.metadata.name)) : all;
    return getFromMembers(
      clusters,
      {
        kubeconfig: flags.kubeconfig ? { kubeconfig: flags.kubeconfig } : {},
        // One quick retry: a member that is down should cost the command a moment, not the deadline.
        client: { retry: { retries: 1, baseDelayMs: 100, maxDelayMs: 500 } },
        memberTimeoutMs: flags['member-timeout'],
      },
      request,
      wanted !== undefined,
    );
  }

  private async fromCache(
    url: string,
    flags: { token?: string | undefined; 'token-file'?: string | undefined; 'member-timeout': number },
    request: GetRequest,
    wanted: readonly string[] | undefined,
  ): Promise<GetOutcome> {
    const token = await searchToken(flags.token, flags['token-file']);
    if (token === undefined)
      this.error('--from needs the search token: --token, FLOTILLA_SEARCH_TOKEN or --token-file', { exit: EXIT.error });
    return getFromCache({ url, token, timeoutMs: flags['member-timeout'] }, request, wanted);
  }
}
