import nodeFs from 'node:fs';
import path from 'node:path';

/** A file system for isomorphic-git that remembers what a read-mostly object store looks like. */
export interface ObjectStoreFs {
  /** Pass as isomorphic-git's `fs`. */
  fs: { promises: typeof nodeFs.promises };
  /** Forget what was remembered; call after writing objects or refs. */
  forget(): void;
}

const NO_LOOSE_OBJECT = Object.assign(new Error('ENOENT: no such loose object'), { code: 'ENOENT' });

/**
 * isomorphic-git stats the git directory on every API call, then looks for each object as a loose
 * file, then lists `objects/pack`: three system calls and a thrown error per object, most of its
 * time on a packed repository. This wrapper stats the git directory and lists `objects/` and
 * `objects/pack` once, and answers probes into absent fan-out folders without touching the disk;
 * every other call goes straight to `node:fs`.
 */
export function createObjectStoreFs(gitdir: string): ObjectStoreFs {
  const objects = path.join(gitdir, 'objects');
  const packs = path.join(objects, 'pack');
  const looseObject = new RegExp(`^${escapeRegExp(objects)}/([0-9a-f]{2})/[0-9a-f]{38}$`);
  let fanOut: Promise<Set<string>> | undefined;
  let packList: Promise<string[]> | undefined;
  let gitdirStat: ReturnType<typeof nodeFs.promises.stat> | undefined;
  const promises = {
    ...nodeFs.promises,
    stat: ((file: string, ...rest: unknown[]) => {
      if (file !== gitdir || rest.length > 0)
        return (nodeFs.promises.stat as (...a: unknown[]) => unknown)(file, ...rest);
      gitdirStat ??= nodeFs.promises.stat(gitdir);
      return gitdirStat;
    }) as typeof nodeFs.promises.stat,
    readdir: ((dir: string, ...rest: unknown[]) => {
      if (dir !== packs || rest.length > 0)
        return (nodeFs.promises.readdir as (...a: unknown[]) => unknown)(dir, ...rest);
      packList ??= nodeFs.promises.readdir(packs).catch((): string[] => []);
      return packList;
    }) as typeof nodeFs.promises.readdir,
    readFile: (async (file: string, ...rest: unknown[]) => {
      const probe = typeof file === 'string' ? looseObject.exec(file) : null;
      if (probe !== null) {
        fanOut ??= nodeFs.promises.readdir(objects).then(
          (names) => new Set(names),
          () => new Set<string>(),
        );
        if (!(await fanOut).has(probe[1] as string)) throw NO_LOOSE_OBJECT;
      }
      return (nodeFs.promises.readFile as (...a: unknown[]) => unknown)(file, ...rest);
    }) as typeof nodeFs.promises.readFile,
  };
  return {
    fs: { promises },
    forget() {
      gitdirStat = undefined;
      fanOut = undefined;
      packList = undefined;
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
