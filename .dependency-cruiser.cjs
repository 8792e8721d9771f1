/**
 * The import floors of src/ (docs/architecture.md, "Floors"), checked by `npm run lint:floors`:
 *
 *   6 cli > 5+ ui > 5 reconcile, agent, get, commit-status > 5- observability, search > 4 controllers
 *     > 3 render, status > 2 source, apply, interpreter, scheduler > 1 model
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
const FLOOR_5 = ['reconcile', 'agent', 'get', 'commit-status'];
/** The servers the run loop starts and the agent shares: half a floor below the rest of floor 5. */
const FLOOR_5_LOW = ['observability', 'search'];
const ABOVE_4 = [...FLOOR_5_LOW, ...FLOOR_5, 'ui', 'cli'];
const ABOVE_2 = ['render', 'status', 'controllers', ...ABOVE_4];
const ABOVE_MODEL = ['source', 'apply', 'interpreter', 'scheduler', ...ABOVE_2];
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
      to: { path: floor(['source', ...ABOVE_4]) },
    },
    {
      name: 'floor-5-low-imports-below',
      comment: 'observability and search (the servers the run loop starts) import floors 1 to 4, not each other.',
      severity: 'error',
      from: { path: floor(FLOOR_5_LOW) },
      to: { path: floor(ABOVE_4), pathNot: '^src/$1/' },
    },
    {
      name: 'floor-5-folders-do-not-import-each-other',
      comment:
        'reconcile and the feature back-ends beside it (agent, get, commit-status) import what is below them, ' +
        'not each other.',
      severity: 'error',
      from: { path: floor(FLOOR_5) },
      to: { path: floor([...FLOOR_5, 'ui', 'cli']), pathNot: '^src/$1/' },
    },
    {
      name: 'ui-above-reconcile',
      comment:
        'ui (the web view) reads what reconcile renders, so it sits above the rest of floor 5: it may import ' +
        'reconcile and what is below, not the other back-ends nor cli (run --ui-addr is wired in cli).',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: floor(['agent', 'get', 'commit-status', 'cli']) },
    },
    {
      name: 'outside-a-folder-only-its-face',
      comment:
        'Every top-level folder of src/ is entered through its index.ts: code outside it imports nothing else of ' +
        "it, so a folder's insides can move without touching its users (outside controllers/, that face is the " +
        'seam: controller.ts and the registry).',
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/[^/]+/', pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$'] },
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
        'lua/sandbox.ts <-> host-library.ts. (status/ had one through 22 files, broken by status/status-types.ts.)',
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
