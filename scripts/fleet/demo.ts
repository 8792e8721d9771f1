// `npm run demo`: the README's first command. Brings the fleet up, makes a
// fresh git repository from examples/repo and runs the Flotilla CLI on it
// against the live members. Fleet and demo repository stay for exploring.
import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { devDir, kubeconfigPath, repoRoot } from './config.ts';
import { fleetUp } from './fleet.ts';
import { run, spawnCollect } from './run.ts';
import { ensureRenderTools } from '../render-tools.ts';

const log = (message: string): void => console.log(`[demo] ${message}`);

const demoRepo = join(devDir, 'demo-repo');
const cliEntry = join(repoRoot, 'bin', 'run.js');
const builtCommands = join(repoRoot, 'dist', 'cli', 'commands.js');

async function makeDemoRepo(): Promise<void> {
  await rm(demoRepo, { recursive: true, force: true });
  await cp(join(repoRoot, 'examples', 'repo'), demoRepo, { recursive: true });
  const git = (...args: string[]): Promise<unknown> => run('git', args, { cwd: demoRepo });
  await git('init', '--quiet', '--initial-branch=main');
  await git('add', '--all');
  // A fixed identity: the demo must not depend on the user's git config.
  await git(
    '-c',
    'user.name=Flotilla demo',
    '-c',
    'user.email=demo@flotilla.invalid',
    'commit',
    '--quiet',
    '--allow-empty',
    '-m',
    'Fleet from examples/repo',
  );
  log(`demo repository: ${relative(repoRoot, demoRepo)} (a fresh git repository made from examples/repo)`);
}

async function ensureCliBuilt(): Promise<void> {
  if (existsSync(builtCommands)) return;
  log('the CLI is not built yet; running: npm run build');
  await run('npm', ['run', 'build'], { cwd: repoRoot, inherit: true });
  if (!existsSync(builtCommands))
    throw new Error(
      `the build did not produce ${relative(repoRoot, builtCommands)}: the flotilla CLI has no commands yet`,
    );
}

async function flotilla(args: readonly string[]): Promise<void> {
  console.log(`\n$ flotilla ${args.join(' ')}`);
  const result = await spawnCollect(process.execPath, [cliEntry, ...args], { cwd: repoRoot, inherit: true });
  if (result.code !== 0) throw new Error(`flotilla ${args[0]} exited with ${result.code}`);
}

/** Pods start a few seconds after an apply; the demo waits that long before the second pass. */
const PODS_START_MS = 15_000;

async function main(): Promise<void> {
  await fleetUp((message) => console.log(`[fleet] ${message}`));
  await ensureRenderTools((message) => console.log(`[render tools] ${message}`));
  await makeDemoRepo();
  await ensureCliBuilt();
  const repo = ['--repo', relative(repoRoot, demoRepo)];
  const target = [...repo, '--kubeconfig', relative(repoRoot, kubeconfigPath)];
  await flotilla(['plan', ...target]);
  await flotilla(['apply', ...target, '--prune']);
  // The status branch records what members report at the end of a pass; the first pass ends
  // before the pods run, so a second pass (what `flotilla run` does on its resync) records them.
  log(`waiting ${PODS_START_MS / 1000} s for the pods to start, then reconciling once more`);
  await new Promise((resolve) => setTimeout(resolve, PODS_START_MS));
  await flotilla(['apply', ...target, '--prune']);
  // status reads the status branch only: it takes no kubeconfig.
  await flotilla(['status', ...repo]);
  console.log('');
  log(
    `the fleet stays up: kubectl --kubeconfig ${relative(repoRoot, kubeconfigPath)} --context member1 get deployments -A`,
  );
  log('stop it with: npm run clusters:down');
}

try {
  await main();
} catch (error) {
  console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
