import { readFileSync } from 'node:fs';
import { Flags } from '@oclif/core';
import { FlotillaCommand } from '../base-command.ts';
import { parseAllDocuments, stringify } from 'yaml';
import { checkCustomization, createInterpreter, parseOperation, readCustomizationFile, runOperation } from '../../interpreter/index.ts';
import type { AggregatedStatusItem, KubeObject } from '../../model/index.ts';
import { painter } from '../color.ts';
import { EXIT } from '../exit-codes.ts';
import { outputFlag } from '../flags.ts';

function readFirstDocument(file: string): unknown {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  const first = docs[0];
  if (!first) throw new Error(`${file}: no YAML document`);
  if (first.errors.length > 0) throw new Error(`${file}: ${first.errors[0]?.message ?? 'invalid YAML'}`);
  return first.toJS() as unknown;
}

export default class Interpret extends FlotillaCommand {
  static override summary = 'Run one resource interpreter operation, like karmadactl interpret.';
  static override description =
    'Runs OPERATION on the given objects through the built-in interpreter for their kind or, with -f, through a ResourceInterpreterCustomization (Lua). ' +
    'Operations: InterpretReplica, ReviseReplica, Retain, AggregateStatus, InterpretStatus, InterpretHealth, InterpretDependency, InterpretComponent (case-insensitive). ' +
    'With --check, compiles every script of the customization in -f and reports errors with their lines.';
  static override examples = [
    '<%= config.bin %> interpret --operation InterpretReplica --desired-file deployment.yaml',
    '<%= config.bin %> interpret -f customization.yaml --operation AggregateStatus --desired-file workload.yaml --status-file items.yaml',
    '<%= config.bin %> interpret -f customization.yaml --operation ReviseReplica --desired-file workload.yaml --desired-replica 3',
    '<%= config.bin %> interpret --check -f customization.yaml',
  ];
  static override flags = {
    file: Flags.string({ char: 'f', description: 'ResourceInterpreterCustomization YAML file (multi-document allowed)' }),
    check: Flags.boolean({ description: 'compile every script of the -f customization and report errors', default: false }),
    operation: Flags.string({ description: 'operation to run (case-insensitive)' }),
    'desired-file': Flags.string({ description: 'the desired object (the template, or the rendered object for Retain)' }),
    'observed-file': Flags.string({ description: 'the observed member object (Retain, InterpretStatus, InterpretHealth)' }),
    'status-file': Flags.string({ description: 'YAML list of AggregatedStatusItem for AggregateStatus' }),
    'desired-replica': Flags.integer({ description: 'replica count for ReviseReplica' }),
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
    if (flags.file && customizations.length === 0) this.error(`${flags.file}: no ResourceInterpreterCustomization found`, { exit: EXIT.error });
    if (flags.check) {
      if (!flags.file) this.error('--check needs -f FILE', { exit: EXIT.error });
      this.#check(flags.file, customizations, flags['no-color']);
      return;
    }
    if (!flags.operation) this.error('--operation is required (or use --check)', { exit: EXIT.error });
    try {
      const op = parseOperation(flags.operation);
      const output = runOperation(createInterpreter(customizations), op, {
        desiredObj: flags['desired-file'] ? (readFirstDocument(flags['desired-file']) as KubeObject) : undefined,
        observedObj: flags['observed-file'] ? (readFirstDocument(flags['observed-file']) as KubeObject) : undefined,
        statusItems: flags['status-file'] ? ((readFirstDocument(flags['status-file']) ?? []) as AggregatedStatusItem[]) : [],
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
        this.log(`${file}: ${paint('red', 'error')}: ResourceInterpreterCustomization ${ric.metadata.name ?? ''}: ${p.operation}${p.line === undefined ? '' : ` line ${p.line}`}: ${p.message}`);
      }
    }
    this.log(`${customizations.length} customization${customizations.length === 1 ? '' : 's'} checked: ${errors === 0 ? paint('green', 'every script compiles') : paint('red', `${errors} error${errors === 1 ? '' : 's'}`)}`);
    if (errors > 0) this.exit(EXIT.error);
  }
}
