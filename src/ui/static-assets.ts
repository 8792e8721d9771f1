/**
 * The browser's files, bundled at build time into dist/ui/browser (scripts/build-ui.ts): read once at
 * start-up, so the view works offline and nothing is fetched at run time.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

export interface Asset {
  type: string;
  body: Buffer;
}

const FILES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

/**
 * The package's dist/ui/browser: beside the bundle's chunk (every chunk sits directly in dist/,
 * scripts/build.ts), or from src/ui when the sources run as they are (tests).
 */
export const ASSET_DIR =
  [new URL('./ui/browser/', import.meta.url), new URL('../../dist/ui/browser/', import.meta.url)].find((dir) =>
    existsSync(dir),
  ) ?? new URL('./ui/browser/', import.meta.url);

/** The bundle, by file name; an error saying to build when it is missing. */
export async function loadAssets(dir: URL = ASSET_DIR): Promise<Map<string, Asset>> {
  const assets = new Map<string, Asset>();
  for (const [name, type] of Object.entries(FILES)) {
    try {
      assets.set(name, { type, body: await readFile(new URL(name, dir)) });
    } catch (error) {
      throw new Error(
        `the web view's ${name} is missing from ${dir.pathname} (${(error as Error).message}): run \`npm run build\``,
      );
    }
  }
  return assets;
}
