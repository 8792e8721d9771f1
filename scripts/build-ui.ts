// The web view's browser files (src/ui/browser) bundled into dist/ui at build time: one minified
// ES module with Preact inside, the stylesheet and the page. Nothing is fetched at run time.
import { copyFileSync, mkdirSync } from 'node:fs';
import { build } from 'esbuild';

const from = 'src/ui/browser';
const out = 'dist/ui/browser';
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [`${from}/app.ts`],
  outfile: `${out}/app.js`,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
copyFileSync(`${from}/app.css`, `${out}/app.css`);
copyFileSync(`${from}/index.html`, `${out}/index.html`);
