import { isRecord, type Diagnostic, type FleetConfig } from '../../model/index.ts';
import type { Bounds } from './run-bounded.ts';
import type { ToolChoice } from './render-tools.ts';

/** `flotilla.yaml` `render`: which programs, how bounded, which of kustomize's escapes are on. */
export interface RenderOptions {
  tools: ToolChoice;
  bounds: Bounds;
  /** Git and http bases (`resources: [https://...]`). @default false */
  allowRemoteBases: boolean;
  /** Exec KRM functions (`--enable-exec`). @default false */
  allowExec: boolean;
  /** Plugins and container KRM functions (`--enable-alpha-plugins`). @default false */
  allowPlugins: boolean;
}

export const DEFAULT_RENDER_BOUNDS: Readonly<Bounds> = Object.freeze({ timeoutMs: 90_000, memoryMiB: 2048 });

/** The settings, with defaults for what is missing and an error for what is of the wrong type. */
export function renderOptions(config: FleetConfig): { options: RenderOptions; diagnostics: Diagnostic[] } {
  const options: RenderOptions = {
    tools: {},
    bounds: { ...DEFAULT_RENDER_BOUNDS },
    allowRemoteBases: false,
    allowExec: false,
    allowPlugins: false,
  };
  const diagnostics: Diagnostic[] = [];
  const render = config.render;
  if (render === undefined) return { options, diagnostics };
  const report = (message: string) =>
    diagnostics.push({ file: 'flotilla.yaml', line: 1, column: 1, severity: 'error', message });
  if (!isRecord(render)) {
    report('render must be a mapping');
    return { options, diagnostics };
  }
  for (const tool of ['kustomize', 'helm'] as const) {
    const value = render[tool];
    if (typeof value === 'string' && value !== '') options.tools[tool] = value;
    else if (value !== undefined) report(`render.${tool} must be the path of the ${tool} program`);
  }
  const positive = (field: 'timeoutSeconds' | 'memoryMiB', apply: (value: number) => void) => {
    const value = render[field];
    if (typeof value === 'number' && value > 0) apply(value);
    else if (value !== undefined) report(`render.${field} must be a positive number`);
  };
  positive('timeoutSeconds', (value) => {
    options.bounds.timeoutMs = value * 1000;
  });
  positive('memoryMiB', (value) => {
    options.bounds.memoryMiB = value;
  });
  for (const flag of ['allowRemoteBases', 'allowExec', 'allowPlugins'] as const) {
    const value = render[flag];
    if (typeof value === 'boolean') options[flag] = value;
    else if (value !== undefined) report(`render.${flag} must be true or false`);
  }
  return { options, diagnostics };
}
