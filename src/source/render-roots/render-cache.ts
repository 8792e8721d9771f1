import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** Everything a render's output depends on; equal keys mean equal output. */
export interface RenderKeyInput {
  root: string;
  /** Path and blob id of every file in the folders the render may read. */
  files: readonly { path: string; oid: string }[];
  tools: readonly (string | undefined)[];
  /** Flags and settings that change the output. */
  options: readonly string[];
}

export function renderKey(input: RenderKeyInput): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([input.root, input.tools, input.options]));
  for (const file of input.files) hash.update(`\n${file.path}\0${file.oid}`);
  return hash.digest('hex');
}

/** `FLOTILLA_RENDER_CACHE`, else `${XDG_CACHE_HOME:-~/.cache}/flotilla/render`. */
export function renderCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FLOTILLA_RENDER_CACHE) return env.FLOTILLA_RENDER_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'flotilla', 'render');
}

/** Renders kept in memory by a long-lived process (`run`), oldest dropped first past this many. */
const MEMORY_ENTRIES = 2000;
const memory = new Map<string, string>();

/** A cached render: from memory, else from disk (then kept in memory). */
export function cachedRender(key: string, dir: string): string | undefined {
  const held = memory.get(key);
  if (held !== undefined) return held;
  try {
    const text = readFileSync(fileOf(dir, key), 'utf8');
    remember(key, text);
    return text;
  } catch {
    return undefined;
  }
}

/** Keeps a render; a cache that cannot be written costs only a later re-render. */
export function storeRender(key: string, dir: string, text: string): void {
  remember(key, text);
  const file = fileOf(dir, key);
  try {
    mkdirSync(dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a render.
    const scratch = `${file}.${process.pid}.tmp`;
    writeFileSync(scratch, text);
    renameSync(scratch, file);
  } catch {
    // Read-only or full disk: the memory copy still serves this process.
  }
}

function remember(key: string, text: string): void {
  memory.delete(key);
  memory.set(key, text);
  if (memory.size > MEMORY_ENTRIES) {
    const oldest = memory.keys().next().value;
    if (oldest !== undefined) memory.delete(oldest);
  }
}

function fileOf(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.yaml`);
}
