import type { Argv } from 'yargs';
import { percentFormulaIds } from '../../analyse/percent-formulas.js';
import { checkReports } from '../../check-reports.js';
import { formatCheckJson } from '../../format/check-json.js';
import { formatCheckText } from '../../format/check-text.js';
import { failOnLevels, hasFailingFindings, type FailOn } from '../../format/fail-on.js';
import type { PercentFormula } from '../../model/analysis.js';
import { exitCodes, wantsColor, type CliIo } from '../cli-io.js';
import { formatsForOutput } from '../formats-for-output.js';
import { assertSafeOutputs } from '../output-guard.js';
import { inputFiles, toReportInputs } from '../report-inputs.js';
import { parseRuleSettings } from '../parse-rule-settings.js';
import { oneValue } from '../shared-options.js';
import { isStandardOutput, writeOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';

type CheckFormat = 'text' | 'json';

/** The check formats an `--output` file's extension names. */
const formatsByExtension: Record<string, CheckFormat> = { json: 'json', txt: 'text' };

interface CheckArgs {
  inputs: string[];
  format: CheckFormat | undefined;
  output: string | undefined;
  'fail-on': FailOn;
  'percent-formula': PercentFormula | undefined;
  rule: string[];
  color: boolean | undefined;
}

function builder(yargs: Argv): Argv<CheckArgs> {
  return yargs
    .positional('inputs', { describe: 'report files, directories (every *.json inside) or - for standard input', type: 'string', array: true, demandOption: true, default: undefined })
    .option('format', { alias: 'f', choices: ['text', 'json'] as const, coerce: oneValue('format'), describe: 'output format [default: json for an --output *.json, else text]' })
    .option('output', { alias: 'o', type: 'string', coerce: oneValue('output'), describe: 'write to this file (atomically) instead of standard output; - is standard output' })
    .option('fail-on', { choices: failOnLevels, default: 'error' as FailOn, coerce: oneValue('fail-on'), describe: 'lowest finding severity that makes the exit code 1' })
    .option('percent-formula', { choices: percentFormulaIds, coerce: oneValue('percent-formula'), describe: 'CompliancePercent formula to check against [default: green-of-assessed]' })
    .option('rule', { type: 'string', array: true, default: [] as string[], describe: 'change a rule\'s severity: id=error|warning|off (repeatable)' })
    .option('color', { type: 'boolean', describe: 'colour the text output [default: on a terminal, unless NO_COLOR is set]' })
    .example('$0 check samples/', 'check every report under samples/')
    .example('$0 check r.json -f json -o out.json', 'write the findings as JSON')
    .example('$0 check - --fail-on warning < r.json', 'read standard input; warnings fail too')
    .example('$0 check r.json --rule mixed-ids=off', 'silence one rule') as unknown as Argv<CheckArgs>;
}

async function run(args: CheckArgs, io: CliIo): Promise<number> {
  const severities = parseRuleSettings(args.rule);
  const [format] = formatsForOutput(args.format === undefined ? undefined : [args.format], args.output, formatsByExtension, 'text');
  const options = args['percent-formula'] === undefined ? { severities } : { severities, percentFormula: args['percent-formula'] };
  const analysis = await checkReports(toReportInputs(args.inputs, io), options);
  const output = args.output ?? '-';
  const toFile = !isStandardOutput(output);
  if (toFile) assertSafeOutputs([{ path: output, from: 'the check result' }], inputFiles(analysis));
  const text = format === 'json' ? formatCheckJson(analysis) : formatCheckText(analysis, { color: !toFile && wantsColor(io, io.stdout, args.color) });
  await writeOutput(output, text, io);
  return hasFailingFindings(analysis, args['fail-on']) ? exitCodes.findings : exitCodes.ok;
}

/** `cspm-report check <inputs..>`: validate and cross-check saved reports. */
export const checkCommand: CommandSpec<CheckArgs> = {
  command: 'check <inputs..>',
  describe: 'validate reports and check that their numbers add up',
  builder,
  run,
};
