import { spawn } from 'node:child_process';

/** What a finished `git` process produced. */
export interface GitRun {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/**
 * Variables that would make `git` read another repository than the one we name, or prompt: set
 * when Flotilla itself runs from a git hook or an IDE terminal.
 */
const INHERITED_GIT_VARIABLES = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR',
  'GIT_NAMESPACE',
];

function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' };
  for (const name of INHERITED_GIT_VARIABLES) delete env[name];
  return env;
}

/**
 * Runs `git --git-dir=GITDIR ARGS`, feeding `input` to stdin, and collects its output. Never
 * rejects on a non-zero exit (callers decide what an exit code means); rejects when `git` cannot
 * be started.
 */
export function runGit(gitdir: string | undefined, args: readonly string[], input?: Buffer | string): Promise<GitRun> {
  const fullArgs = gitdir === undefined ? [...args] : [`--git-dir=${gitdir}`, ...args];
  return new Promise((resolve, reject) => {
    // Without input git's stdin is /dev/null: the end of input at once, one pipe fewer to make (a
    // quarter of what Node spends starting a process).
    const stdinMode = input === undefined ? 'ignore' : 'pipe';
    const child = spawn('git', fullArgs, { env: gitEnvironment(), stdio: [stdinMode, 'pipe', 'pipe'] });
    // First: out of file descriptors (EMFILE) the spawn fails after this returns, with no pipes to
    // read, and an `error` without a listener would end the whole process.
    child.on('error', reject);
    const { stdin, stdout, stderr } = child;
    if ((stdinMode === 'pipe' && !stdin) || !stdout || !stderr) return;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    stdout.on('data', (chunk: Buffer) => out.push(chunk));
    stderr.on('data', (chunk: Buffer) => err.push(chunk));
    stdout.on('error', reject);
    stderr.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }),
    );
    // git may exit before reading all of stdin (a bad argument); its exit code tells the story.
    stdin?.on('error', () => undefined);
    stdin?.end(input);
  });
}

/** The oldest git the native adapter runs: `rev-parse --end-of-options` arrived in 2.24. */
const MINIMUM_GIT_VERSION: readonly [number, number] = [2, 24];

let available: Promise<boolean> | undefined;

/** Whether a recent enough `git` binary can be run here; asked once per process. */
export function nativeGitAvailable(): Promise<boolean> {
  available ??= runGit(undefined, ['--version']).then(
    (run) => run.code === 0 && isSupportedGitVersion(run.stdout.toString('utf8')),
    () => false,
  );
  return available;
}

/** Whether `git --version` output (`git version 2.39.5`) names a version the native adapter supports. */
export function isSupportedGitVersion(versionOutput: string): boolean {
  const match = /(\d+)\.(\d+)/.exec(versionOutput);
  if (match === null) return false;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > MINIMUM_GIT_VERSION[0] || (major === MINIMUM_GIT_VERSION[0] && minor >= MINIMUM_GIT_VERSION[1]);
}
