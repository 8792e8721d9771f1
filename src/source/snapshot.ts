import type { Diagnostic, FleetConfig, SourceFile } from '../model/index.ts';
import type { RootReport } from './render-roots/index.ts';

export type { SourceFile } from '../model/index.ts';

/** Everything the source stage read from one commit of a fleet repository. */
export interface Snapshot {
  /** `--repo` as given: a path or a URL (credentials removed). */
  repo: string;
  /** `--ref` as given, or the default (`HEAD` locally, `main` for a remote). */
  ref: string;
  /** The 40-hex commit `ref` resolved to. */
  commit: string;
  /** Absolute repository root; for a remote, its local cache repository. */
  root: string;
  /** The fleet's folder inside the repository, posix ('' for the root). */
  path: string;
  config: FleetConfig;
  /** Every manifest at `commit` under `path`, sorted by path. */
  files: SourceFile[];
  /** The render roots found and what became of each (only when asked to render them). */
  roots?: RootReport[];
  /** The versions of the programs that rendered the roots. */
  renderTools?: { kustomize: string; helm?: string };
  /** Present when a root uses helmCharts: the Kubernetes version they rendered for (none: helm's default). */
  charts?: { kubeVersion?: string };
  /** What was found but not read (symlinks, submodules, binary or unreadable files) and `flotilla.yaml` problems. */
  diagnostics: Diagnostic[];
}
