import { readFileSync } from 'node:fs';
import { Flags } from '@oclif/core';
import { FlotillaCommand } from '../base-command.ts';
import { parseAllDocuments, stringify } from 'yaml';
import {
  checkCustomization,
  createInterpreter,
  parseOperation,
  readCustomizationFile,
  runOperation,
} from '../../interpreter/index.ts';
import type { AggregatedStatusItem, KubeObject } from '../../model/index.ts';
import { painter } from '../color.ts';
import { EXIT } from '../exit-codes.ts';
import { outputFlag } from '../flags.ts';

function readDocuments(file: string): unknown[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  const broken = docs.flatMap((doc) => doc.errors)[0];
  if (broken) throw new Error(`${file}: ${broken.message}`);
  return docs.map((doc) => doc.toJS() as unknown);
}

/** The one object of a desired or observed file, as karmadactl reads it (more than one is an error). */
function readObjectFile(file: string): KubeObject {
  const objects = readDocuments(file).filter((d) => d !== null && d !== undefined);
  if (objects.length !== 1) throw new Error(`${file}: get ${objects.length} objects, expect one`);
  const [object] = objects;
  if (!object || typeof object !== 'object' || Array.isArray(object)) throw new Error(`${file}: not an object`);
  return object as KubeObject;
}

/**
 * AggregatedStatusItems: one per YAML document, or YAML lists of them. A file holding only `null`
 * stands for Karmada's nil list, which reaches Lua as nil; an empty list reaches it as `{}`.
 */
function readStatusItems(file: string): AggregatedStatusItem[] | undefined {
  const docs = readDocuments(file);
  if (docs.length > 0 && docs.every((d) => d === null || d === undefined)) return undefined;
  return docs.flatMap((d) =>
    Array.isArray(d) ? d : d === null || d === undefined ? [] : [d],
  ) as AggregatedStatusItem[];
}

export default class Interpret extends FlotillaCommand {
  static override summary = 'Run one resource interpreter operation, like karmadactl interpret.';
  static override description =
    'Runs OPERATION on the given objects through the built-in interpreter for their kind or, with -f, through a ResourceInterpreterCustomization (Lua). ' +
    'Operations: InterpretReplica, ReviseReplica, Retain, AggregateStatus, InterpretStatus, InterpretHealth, InterpretDependency, InterpretComponent (case-insensitive). ' +
    'Retain takes --desired-file and --observed-file; every other operation takes one object from either. ' +
    'Output keys as karmadactl prints them: replica/requires, revised, retained, ' +
    'aggregatedStatus (the whole object), status, healthy, dependencies, components. ' +
    'With --check, compiles every script of the customization in -f and reports errors with their lines.';
  static override examples = [
    '<%= config.bin %> interpret --operation InterpretReplica --desired-file deployment.yaml',
    '<%= config.bin %> interpret -f customization.yaml --operation AggregateStatus --desired-file workload.yaml --status-file items.yaml',
    '<%= config.bin %> interpret -f customization.yaml --operation ReviseReplica --desired-file workload.yaml --desired-replica 3',
    '<%= config.bin %> interpret --check -f customization.yaml',
  ];
  static override flags = {
    file: Flags.string({
      char: 'f',
      description: 'ResourceInterpreterCustomization YAML file (multi-document allowed)',
    }),
    check: Flags.boolean({
      description: 'compile every script of the -f customization and report errors',
      default: false,
    }),
    operation: Flags.string({ description: 'operation to run (case-insensitive)' }),
    'desired-file': Flags.string({
      description: 'the desired object (Retain needs both files, other operations either one)',
    }),
    'observed-file': Flags.string({
      description: 'the observed member object (Retain needs both files, other operations either one)',
    }),
    'status-file': Flags.string({
      description:
        'AggregatedStatusItems for AggregateStatus (a YAML list or one per document); without it the script gets nil',
    }),
    'desired-replica': Flags.integer({ description: 'replica count for ReviseReplica (default 0)' }),
    output: outputFlag(['json', 'yaml'] as const),
    'no-color': Flags.boolean({ description: 'plain output without ANSI colours', default: false }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Interpret);
    let customizations: ReturnType<typeof readCustomizationFile> = [];
    try {
      customizations = flags.file ? readCustomizationFile(flags.file) : [];
    } catch (e) {
      this.error(e instanceof Error ? e.message : String(e), { exit: EXIT.error });
    }
    if (flags.file && customizations.length === 0)
      this.error(`${flags.file}: no ResourceInterpreterCustomization found`, { exit: EXIT.error });
    if (flags.check) {
      if (!flags.file) this.error('--check needs -f FILE', { exit: EXIT.error });
      this.#check(flags.file, customizations, flags['no-color']);
      return;
    }
    if (!flags.operation) this.error('--operation is required (or use --check)', { exit: EXIT.error });
    try {
      const op = parseOperation(flags.operation);
      const output = runOperation(createInterpreter(customizations), op, {
        desiredObj: flags['desired-file'] ? readObjectFile(flags['desired-file']) : undefined,
        observedObj: flags['observed-file'] ? readObjectFile(flags['observed-file']) : undefined,
        statusItems: flags['status-file'] ? readStatusItems(flags['status-file']) : undefined,
        inputReplicas: flags['desired-replica'],
      });
      this.log(flags.output === 'yaml' ? stringify(output).trimEnd() : JSON.stringify(output, null, 2));
    } catch (e) {
      if (e instanceof Error) this.error(e.message, { exit: EXIT.error });
      throw e;
    }
  }

  #check(file: string, customizations: ReturnType<typeof readCustomizationFile>, noColor: boolean): void {
    const paint = painter(noColor);
    let errors = 0;
    for (const ric of customizations) {
      for (const p of checkCustomization(ric)) {
        errors++;
        this.log(
          `${file}: ${paint('red', 'error')}: ResourceInterpreterCustomization ${ric.metadata.name ?? ''}: ${p.operation}${p.line === undefined ? '' : ` line ${p.line}`}: ${p.message}`,
        );
      }
    }
    this.log(
      `${customizations.length} customization${customizations.length === 1 ? '' : 's'} checked: ${errors === 0 ? paint('green', 'every script compiles') : paint('red', `${errors} error${errors === 1 ? '' : 's'}`)}`,
    );
    if (errors > 0) this.exit(EXIT.error);
  }
}
