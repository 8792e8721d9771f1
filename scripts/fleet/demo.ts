// `npm run demo`: the README's first command. Brings the fleet up, makes a
// fresh git repository from examples/repo and runs the Flotilla CLI on it
// against the live members. Fleet and demo repository stay for exploring.
import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { devDir, kubeconfigPath, repoRoot } from './config.ts';
import { fleetUp } from './fleet.ts';
import { run, spawnCollect } from './run.ts';

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
  await git('-c', 'user.name=Flotilla demo', '-c', 'user.email=demo@flotilla.invalid', 'commit', '--quiet', '--allow-empty', '-m', 'Fleet from examples/repo');
  log(`demo repository: ${relative(repoRoot, demoRepo)} (a fresh git repository made from examples/repo)`);
}

async function ensureCliBuilt(): Promise<void> {
  if (existsSync(builtCommands)) return;
  log('the CLI is not built yet; running: npm run build');
  await run('npm', ['run', 'build'], { cwd: repoRoot, inherit: true });
  if (!existsSync(builtCommands)) throw new Error(`the build did not produce ${relative(repoRoot, builtCommands)}: the flotilla CLI has no commands yet`);
}

/** Commands listed by `flotilla --help`: the demo runs only those that exist. */
async function availableCommands(): Promise<Set<string>> {
  const help = await run(process.execPath, [cliEntry, '--help'], { cwd: repoRoot });
  const lines = help.stdout.split('\n');
  const start = lines.findIndex((line) => line.trim() === 'COMMANDS');
  const commands = new Set<string>();
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') break;
    // Deeper-indented lines continue a wrapped description.
    const match = /^ {2}(\S+)/.exec(line);
    if (match?.[1]) commands.add(match[1]);
  }
  if (start < 0 || commands.size === 0) throw new Error(`\`flotilla --help\` lists no commands:\n${help.stdout}`);
  return commands;
}

async function flotilla(args: readonly string[]): Promise<void> {
  console.log(`\n$ flotilla ${args.join(' ')}`);
  const result = await spawnCollect(process.execPath, [cliEntry, ...args], { cwd: repoRoot, inherit: true });
  if (result.code !== 0) throw new Error(`flotilla ${args[0]} exited with ${result.code}`);
}

async function main(): Promise<void> {
  await fleetUp((message) => console.log(`[fleet] ${message}`));
  await makeDemoRepo();
  await ensureCliBuilt();
  const commands = await availableCommands();
  const target = ['--repo', relative(repoRoot, demoRepo), '--kubeconfig', relative(repoRoot, kubeconfigPath)];
  const steps = [['plan', ...target], ['apply', ...target, '--prune'], ['status', ...target]];
  const skipped: string[] = [];
  for (const step of steps) {
    const [command] = step;
    if (command && commands.has(command)) await flotilla(step);
    else if (command) skipped.push(command);
  }
  console.log('');
  if (skipped.length > 0) log(`not run, because this CLI has no such command yet: ${skipped.join(', ')}`);
  log(`the fleet stays up: kubectl --kubeconfig ${relative(repoRoot, kubeconfigPath)} --context member1 get deployments -A`);
  log('stop it with: npm run clusters:down');
}

try {
  await main();
} catch (error) {
  console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
