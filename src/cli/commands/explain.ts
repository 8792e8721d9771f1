import { Args } from '@oclif/core';
import { describeRef, refKey, refOf } from '../../model/index.ts';
import { renderAt } from '../../reconcile/index.ts';
import { explainTemplate, closestName } from '../../render/index.ts';
import { FlotillaCommand } from '../base-command.ts';
import { EXIT } from '../exit-codes.ts';
import { outputFlag, sourceFlags } from '../flags.ts';
import { explainText } from '../output/explain-text.ts';
import { structured } from '../output/structured.ts';
import { sourceOptions } from '../source-options.ts';

/** KIND/NAMESPACE/NAME or KIND/NAME, the kind matched without regard to case. */
function parseTarget(arg: string): { kind: string; namespace: string; name: string } | undefined {
  const parts = arg.split('/');
  if (parts.some((p) => p === '') || parts.length < 2 || parts.length > 3) return undefined;
  return parts.length === 3
    ? { kind: parts[0]!, namespace: parts[1]!, name: parts[2]! }
    : { kind: parts[0]!, namespace: '', name: parts[1]! };
}

export default class Explain extends FlotillaCommand {
  static override summary = "Explain how one template is placed: its policy, each cluster's verdict, its overrides.";
  static override description =
    'Renders the commit offline, as plan --offline does, and explains one template: which policies select it and which one claims it (priority, how the selector matched, preemption); for each scheduling attempt, why each cluster was rejected (the filter plugin and its reason) or chosen (score, available replicas from the estimator, replicas assigned), with the strategy, weights and spread constraints; and, per cluster, the override policies that apply and the fields they change.';
  static override examples = [
    '<%= config.bin %> explain Deployment/shop/web --repo examples/repo',
    '<%= config.bin %> explain ClusterRole/reader -o json',
  ];
  static override args = {
    template: Args.string({
      description: 'the template: KIND/NAMESPACE/NAME, or KIND/NAME for a cluster-scoped kind',
      required: true,
    }),
  };
  static override flags = {
    ...sourceFlags,
    output: outputFlag(['text', 'json', 'yaml'] as const),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Explain);
    const target = parseTarget(args.template);
    if (!target) this.error(`${args.template}: expected KIND/NAMESPACE/NAME or KIND/NAME`, { exit: EXIT.error });
    const { source, rendered, feedback } = await renderAt(sourceOptions(flags));
    const templates = source.fleet.templates.map((t) => refOf(t.object));
    const kind = target.kind.toLowerCase();
    const found = templates.filter(
      (r) => r.kind.toLowerCase() === kind && r.namespace === target.namespace && r.name === target.name,
    );
    if (found.length !== 1) {
      const wanted = describeRef({ apiVersion: '', ...target });
      const guess = closestName(wanted, templates.map(describeRef));
      const why =
        found.length === 0
          ? `no template ${wanted} at ${source.snapshot.commit.slice(0, 12)}`
          : `${wanted} names ${found.length} templates of different API groups`;
      this.error(`${why}${guess && found.length === 0 ? `; did you mean ${guess}?` : ''}`, { exit: EXIT.error });
    }
    const explanation = explainTemplate(refKey(found[0]!), {
      fleet: source.fleet,
      interpreter: source.interpreter,
      rendered,
      previousSchedules: feedback.previousSchedules,
    })!;
    this.log(flags.output === 'text' ? explainText(explanation) : structured(explanation, flags.output));
  }
}
