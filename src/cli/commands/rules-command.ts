import type { Argv } from 'yargs';
import { ruleCatalogue } from '../../index.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `rules`. */
export interface RulesArgs {
  format: 'text' | 'json';
}

function formatText(): string {
  const width = Math.max(...ruleCatalogue.map((rule) => rule.id.length));
  const lines = ruleCatalogue.map(
    (rule) => `${rule.id.padEnd(width)}  ${rule.defaultSeverity.padEnd(7)}  ${rule.description}`,
  );
  return `${lines.join('\n')}\n`;
}

function formatJson(): string {
  const rules = ruleCatalogue.map(({ id, stage, defaultSeverity, description, rationale }) => ({
    id,
    stage,
    defaultSeverity,
    description,
    rationale,
  }));
  return `${JSON.stringify(rules, null, 2)}\n`;
}

/** `cspm-report rules`: list the rule catalogue. */
export const rulesCommand: CommandSpec<RulesArgs> = {
  command: 'rules',
  describe: 'list the rules of the check with their default severity',
  builder: (yargs) =>
    yargs
      .option('format', {
        alias: 'f',
        choices: ['text', 'json'] as const,
        default: 'text' as const,
        describe: "output format (json adds each rule's rationale)",
      })
      .example('$0 rules --format json', 'the catalogue with rationales') as unknown as Argv<RulesArgs>,
  async run(args, io: CliIo) {
    io.stdout.write(args.format === 'json' ? formatJson() : formatText());
    return exitCodes.ok;
  },
};
