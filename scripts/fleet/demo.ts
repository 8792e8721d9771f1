// `npm run demo`: the README's first command. The whole system on examples/repo, in order: the
// offline plan (before any cluster exists, so a cold first run shows something while the fleet's
// Go builds run), explain, apply, member3 as a Pull member whose agent applies its Work from the
// works branch, a FederatedHPA scaling web across two members under simulated CPU load, a
// MultiClusterService whose endpoints appear in its consumer, `get` across the members, `status`.
// The fleet and the demo repository stay up for exploring; the agent and the run loop stop.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureBinaries, pendingBuilds } from './build.ts';
import { devDir, kubeconfigPath, repoRoot } from './config.ts';
import {
  type Background,
  branchFile,
  flotilla,
  git,
  kubectl,
  log,
  makeDemoRepo,
  startBackground,
  stopBackground,
  waitFor,
} from './demo-steps.ts';
import { fleetUp } from './fleet.ts';
import { run } from './run.ts';
import { ensureRenderTools } from '../render-tools.ts';

const demoRepo = join(devDir, 'demo-repo');
const builtCli = join(repoRoot, 'dist', 'commands.js');
const kubeconfig = relative(repoRoot, kubeconfigPath);
const repo = ['--repo', relative(repoRoot, demoRepo)];
const target = [...repo, '--kubeconfig', kubeconfig];
/** Simulated CPU per web pod (it requests 250m): far above the FederatedHPA's 60 % target. */
const LOAD = '1000m';
const USAGE = 'kwok.x-k8s.io/usage-cpu';

const step = (title: string): void => console.log(`\n\x1b[1m== ${title}\x1b[0m`);

async function ensureCliBuilt(): Promise<void> {
  if (existsSync(builtCli)) return;
  log('the CLI is not built yet; running: npm run build');
  await run('npm', ['run', 'build'], { cwd: repoRoot, inherit: true });
}

/** The offline plan needs no cluster: shown first, then what the cold builds will cost. */
async function offlinePlan(): Promise<void> {
  step('1. plan, offline: what each member would get (no cluster needed)');
  await flotilla(['plan', '--offline', '--summary', ...repo]);
  const pending = await pendingBuilds();
  if (pending.length === 0) return;
  const minutes = pending.reduce((n, b) => n + b.coldMinutes, 0);
  log(
    `the local fleet's components are built once from the Go module proxy: ${pending.map((b) => `${b.name} ${b.version}`).join(', ')}, ` +
      `about ${minutes} minutes on two quiet cores (later runs reuse them); progress follows`,
  );
}

/** member3's agent runs before the hub schedules to it (docs/deploy.md): its first report first. */
async function startAgent(): Promise<Background> {
  step('3. the agent of member3, a Pull member the hub never contacts');
  const agent = startBackground(
    'agent',
    ['--cluster', 'member3', ...target, '--context', 'member3', '--poll', '2s', '--heartbeat', '10s'],
    join(devDir, 'demo-agent.log'),
  );
  await waitFor(
    "member3's agent's first report (branch flotilla/agents/member3)",
    () => branchFile(demoRepo, 'flotilla/agents/member3', 'report.json'),
    60_000,
  );
  log("member3's agent reported: the hub now schedules to member3 through the works branch");
  return agent;
}

/** Waits until member3's agent reports the works branch's commit as applied. */
async function pullApplied(): Promise<void> {
  const works = await git(demoRepo, 'rev-parse', 'works');
  const report = await waitFor(
    `member3's agent applying works commit ${works.slice(0, 12)}`,
    async () => {
      const text = await branchFile(demoRepo, 'flotilla/agents/member3', 'report.json');
      const parsed = text ? (JSON.parse(text) as { work?: { worksCommit?: string }; objects?: unknown[] }) : undefined;
      return parsed?.work?.worksCommit === works ? parsed : undefined;
    },
    90_000,
  );
  log(
    `member3's agent applied works commit ${works.slice(0, 12)}: ${report.objects?.length ?? 0} objects, reported on its branch`,
  );
}

/** web's replicas in member1 and member2. */
async function webReplicas(bin: string): Promise<number[]> {
  return Promise.all(
    ['member1', 'member2'].map(async (m) =>
      Number(
        await kubectl(
          bin,
          kubeconfigPath,
          m,
          'get',
          'deployment',
          'web',
          '-n',
          'shop',
          '-o',
          'jsonpath={.spec.replicas}',
        ),
      ),
    ),
  );
}

async function autoscale(bin: string): Promise<void> {
  step('6. FederatedHPA shop/web under simulated CPU load');
  const before = await webReplicas(bin);
  log(`web runs ${before.join(' + ')} replicas in member1 + member2; every web pod now reports ${LOAD} of CPU (kwok)`);
  for (const m of ['member1', 'member2'])
    await kubectl(
      bin,
      kubeconfigPath,
      m,
      'annotate',
      'pods',
      '-n',
      'shop',
      '-l',
      'app=web',
      `${USAGE}=${LOAD}`,
      '--overwrite',
    );
  const total = (n: number[]) => n.reduce((a, b) => a + b, 0);
  const after = await waitFor(
    'the FederatedHPA to scale web up',
    async () => {
      const [one = 0, two = 0] = await webReplicas(bin);
      // Both members rewritten: the policy's static weights put twice as many in member1.
      return one + two > total(before) && one === 2 * two ? [one, two] : undefined;
    },
    120_000,
  );
  log(`scaled: web runs ${after.join(' + ')} replicas in member1 + member2, divided 2:1 as its policy says`);
}

async function crossClusterEndpoints(bin: string): Promise<void> {
  step("7. MultiClusterService shop/api: member1's endpoints in member2");
  const selector =
    'kubernetes.io/service-name=api,endpointslice.kubernetes.io/managed-by=endpointslice-dispatch-controller.karmada.io';
  const copies = await waitFor(
    "member1's EndpointSlices of shop/api copied into member2",
    async () => {
      const out = await kubectl(
        bin,
        kubeconfigPath,
        'member2',
        'get',
        'endpointslices',
        '-n',
        'shop',
        '-l',
        selector,
        '-o',
        'name',
      );
      return out === '' ? undefined : out;
    },
    90_000,
  );
  console.log(`\n$ kubectl --context member2 get endpointslices -n shop -l ${selector}`);
  console.log(await kubectl(bin, kubeconfigPath, 'member2', 'get', 'endpointslices', '-n', 'shop', '-l', selector));
  log(`${copies.split('\n').length} EndpointSlice(s) of member1 serve shop/api in member2`);
}

async function main(): Promise<void> {
  const started = Date.now();
  // kustomize and helm render the Kustomize app and the Helm chart of the offline plan (Go builds on a cold machine).
  await ensureRenderTools((message) => console.log(`[render tools] ${message}`));
  await ensureCliBuilt();
  await makeDemoRepo(demoRepo);
  log(`demo repository: ${relative(repoRoot, demoRepo)} (examples/repo, then a commit making member3 a Pull member)`);
  await offlinePlan();
  await fleetUp((message) => console.log(`[fleet] ${message}`));
  const fleetReady = Date.now();
  const { kubectl: bin } = await ensureBinaries(() => undefined);
  let agent: Background | undefined;
  let loop: Background | undefined;
  try {
    step('2. explain: how the Divided Deployment shop/web is placed');
    await flotilla(['explain', 'Deployment/shop/web', ...repo]);
    agent = await startAgent();
    step('4. apply: every Push member directly, member3 through the works branch');
    await flotilla(['apply', ...target, '--prune']);
    step("5. member3's agent applies its Work from the works branch");
    await pullApplied();
    loop = startBackground(
      'run',
      [...target, '--prune', '--resync', '0', '--horizontal-pod-autoscaler-sync-period', '3s'],
      join(devDir, 'demo-run.log'),
    );
    await autoscale(bin);
    await crossClusterEndpoints(bin);
    step('8. get: Deployments across the members');
    await flotilla(['get', 'deployments', '-A', ...target]);
  } finally {
    await stopBackground(loop);
    await stopBackground(agent);
  }
  step('9. status: what the status branch records');
  await flotilla(['status', ...repo]);
  console.log('');
  log(
    `done in ${Math.round((Date.now() - started) / 1000)} s, ${Math.round((Date.now() - fleetReady) / 1000)} s after the fleet was up`,
  );
  log(`the fleet stays up: kubectl --kubeconfig ${kubeconfig} --context member1 get deployments -A`);
  log('stop it with: npm run clusters:down');
}

try {
  await main();
} catch (error) {
  console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
