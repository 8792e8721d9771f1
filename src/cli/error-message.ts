import { EngineError } from '../model/index.ts';

/** What a person can do about an error, by its code; the message itself says what went wrong. */
const HINTS: Record<string, string> = {
  NotAGitRepository:
    'Flotilla reads committed files only: make the folder a repository (git init && git add -A && git commit -m fleet) or point --repo at one',
  RepoNotFound: '--repo takes a local path (anywhere inside a work tree) or a remote URL',
  RefNotFound: 'check --ref (a branch, tag, commit or HEAD~1); a new repository needs a first commit',
  PathNotFound: '--path is relative to the repository root, and must exist at the commit read',
  KubeconfigInvalid: 'check --kubeconfig, $KUBECONFIG or ~/.kube/config',
  ContextNotFound:
    'each Cluster X is reached through the kubeconfig context X, or the one its annotation flotilla.io/kubeconfig-context names',
  RefLocked: 'another flotilla process is writing that branch; if none runs, remove the lock file',
};

/** Node's system error codes in words, for errors that reach the user without an EngineError around them. */
const SYSTEM_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'not a directory',
  EEXIST: 'already exists',
  ECONNREFUSED: 'connection refused',
  ETIMEDOUT: 'timed out',
  EADDRINUSE: 'address already in use',
};

interface SystemError extends Error {
  code?: unknown;
  path?: unknown;
  address?: unknown;
  port?: unknown;
}

/** The file or the address a system error is about, as its prefix. */
function subject({ path, address, port }: SystemError): string {
  if (typeof path === 'string') return `${path}: `;
  if (typeof address === 'string') return `${address}${typeof port === 'number' ? `:${port}` : ''}: `;
  return '';
}

/**
 * One line (plus a hint) for an error that ends a command: no class names, stacks or "Caused by"
 * chains, which tell a user of the CLI nothing. FLOTILLA_DEBUG=1 brings the stack back.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof EngineError) {
    const hint = HINTS[error.code];
    return hint === undefined ? error.message : `${error.message}\nHint: ${hint}`;
  }
  if (error instanceof Error) {
    const { code } = error as SystemError;
    const where = subject(error as SystemError);
    // Without a file or an address the words alone would not say what failed: keep Node's text.
    if (typeof code === 'string' && code in SYSTEM_ERRORS && where !== '') return `${where}${SYSTEM_ERRORS[code]}`;
    return error.message;
  }
  return String(error);
}
