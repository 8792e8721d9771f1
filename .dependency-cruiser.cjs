/**
 * The import floors of src/ (docs/architecture.md, "Floors"), checked by `npm run lint:floors`:
 *
 *   6 cli > 5 reconcile, ui > 4 controllers > 3 render, status > 2 source, apply, interpreter, scheduler > 1 model
 *
 * Imports only go down. Folders on one floor do not import each other (none does today), except
 * that controllers, the one floor-4 folder, is split by controller and may not reach `source`:
 * controllers get what they read from the pass, not from git. The pure floors (model, scheduler,
 * render, interpreter) never reach the network, a subprocess, git or a cluster.
 *
 * dependency-cruiser reads TypeScript with swc (`parser: 'swc'`): it supports no TypeScript 7
 * compiler yet, and swc keeps `import type` edges, which count here like any other import.
 */
const floor = (folders) => `^src/(${folders.join('|')})/`;
const ABOVE_MODEL = ['source', 'apply', 'interpreter', 'scheduler', 'render', 'status', 'controllers', 'reconcile', 'ui', 'cli'];
const ABOVE_2 = ['render', 'status', 'controllers', 'reconcile', 'ui', 'cli'];
const FLOOR_2 = ['source', 'apply', 'interpreter', 'scheduler'];
const FLOOR_3 = ['render', 'status'];

module.exports = {
  forbidden: [
    {
      name: 'model-imports-nothing',
      comment: 'src/model is the bottom floor: the Kubernetes and Karmada types and helpers every floor shares.',
      severity: 'error',
      from: { path: '^src/model/' },
      to: { path: floor(ABOVE_MODEL) },
    },
    {
      name: 'floor-2-imports-only-model',
      comment: 'source, apply, interpreter and scheduler (floor 2) import only model: not each other, nothing above.',
      severity: 'error',
      from: { path: floor(FLOOR_2) },
      to: { path: floor([...FLOOR_2, ...ABOVE_2]), pathNot: '^src/$1/' },
    },
    {
      name: 'floor-3-imports-floors-1-2',
      comment: 'render and status (floor 3) import floors 1 and 2: not each other, nothing above.',
      severity: 'error',
      from: { path: floor(FLOOR_3) },
      to: { path: floor(ABOVE_2), pathNot: '^src/$1/' },
    },
    {
      name: 'controllers-import-below-without-source',
      comment:
        'controllers (floor 4) may use render, status, scheduler, interpreter, apply and model; ' +
        'not source (what they read comes through the pass), nor reconcile or cli.',
      severity: 'error',
      from: { path: '^src/controllers/' },
      to: { path: floor(['source', 'reconcile', 'ui', 'cli']) },
    },
    {
      name: 'ui-beside-reconcile',
      comment:
        'ui (the web view, floor 5) sits beside reconcile: it reads what reconcile renders; reconcile never ' +
        'imports it (run --ui-addr is wired in cli), and ui does not import cli.',
      severity: 'error',
      from: { path: '^src/(reconcile|ui)/' },
      to: { path: '^src/(ui|cli)/', pathNot: '^src/$1/' },
    },
    {
      name: 'reconcile-does-not-import-cli',
      comment: 'Nothing imports cli: it is the composition root.',
      severity: 'error',
      from: { path: '^src/reconcile/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'pure-floors-no-io',
      comment:
        'model, scheduler, render and interpreter are pure: no network, subprocess, git, cluster client or file ' +
        'watcher. (interpreter reads the bundled customizations shipped in the package with node:fs, once, at load.)',
      severity: 'error',
      from: { path: floor(['model', 'scheduler', 'render', 'interpreter']) },
      to: {
        path: [
          '^node:(child_process|net|http|https|http2|dgram|tls|dns|worker_threads|cluster)$',
          '^(child_process|net|http|https|http2|dgram|tls|dns|worker_threads|cluster)$',
          '^node_modules/(isomorphic-git|@kubernetes/client-node|chokidar)/',
        ],
      },
    },
    {
      name: 'pure-floors-no-disk',
      comment: 'model, scheduler and render never touch the disk; they get the files from source.',
      severity: 'error',
      from: { path: floor(['model', 'scheduler', 'render']) },
      to: { path: ['^node:fs(/promises)?$', '^fs(/promises)?$'] },
    },
    {
      name: 'src-does-not-import-tests-or-tools',
      comment: 'The shipped code stands alone: no imports from test/, bench/ or scripts/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts)/' },
    },
    {
      name: 'no-circular',
      comment:
        'A runtime cycle between modules hides which one is lower (and can see a module half-loaded); split the ' +
        'shared part out instead. Cycles through `import type` only are erased by the compiler and allowed: ' +
        'status/template-status.ts <-> secret-guard.ts, failover-view.ts and lua/sandbox.ts <-> host-library.ts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
  },
};
