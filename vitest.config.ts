import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'node_modules/**'],
          // kustomize and helm, built once from the Go module proxy: render-root tests and the
          // goldens of examples/repo run the real programs.
          globalSetup: ['test/render-tools-setup.ts'],
          testTimeout: 20_000,
          // Vitest's default leaves one core idle; the CLI tests spend most of their time waiting on a
          // child process, so on two cores a second worker overlaps them (5.1 -> 3.6 min here).
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 1_800_000,
          // Two files at a time: each uses a namespace, inventory and repository of its own, and what
          // needs members nobody else touches uses a scratch member. The files mostly wait on the
          // members and on timers, so the second halves the wall time (7.2 -> 4.3 min on two cores);
          // a third gained little and starved the members.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
