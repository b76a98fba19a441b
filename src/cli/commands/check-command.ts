import type { Argv } from 'yargs';
import { percentFormulaIds } from '../../analyse/percent-formulas.js';
import { checkReports } from '../../check-reports.js';
import { failOnLevels, hasFailingFindings, type FailOn } from '../../analyse/fail-on.js';
import type { PercentFormula } from '../../model/analysis.js';
import { findingsFormatNames, type FindingsFormatName } from '../../render/findings/findings-formats.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import { pairFindingsOutputs } from '../findings-outputs.js';
import { assertSafeOutputs } from '../output-guard.js';
import { inputFiles, toReportInputs } from '../report-inputs.js';
import { parseRuleSettings } from '../parse-rule-settings.js';
import { settleHeapBeforeParse } from '../settle-heap.js';
import { oneValue } from '../shared-options.js';
import { writeFindings } from '../write-findings.js';
import { isStandardOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';

interface CheckArgs {
  inputs: string[];
  format: FindingsFormatName[];
  output: string[];
  'fail-on': FailOn;
  'percent-formula': PercentFormula | undefined;
  rule: string[];
  color: boolean | undefined;
}

function builder(yargs: Argv): Argv<CheckArgs> {
  return yargs
    .positional('inputs', { describe: 'report files, directories (every *.json inside) or - for standard input', type: 'string', array: true, demandOption: true, default: undefined })
    .option('format', { alias: 'f', choices: findingsFormatNames, array: true, default: [] as FindingsFormatName[], defaultDescription: 'the --output extension, else text', describe: 'findings format; repeat it with --output to write several: -f json -o a.json -f sarif -o b.sarif' })
    .option('output', { alias: 'o', type: 'string', array: true, default: [] as string[], defaultDescription: 'standard output', describe: 'write to this file (atomically); - is standard output; pairs with the --format before it' })
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
  const outputs = pairFindingsOutputs(args.format, args.output);
  const options = { severities, beforeParse: settleHeapBeforeParse, ...(args['percent-formula'] === undefined ? {} : { percentFormula: args['percent-formula'] }) };
  const analysis = await checkReports(toReportInputs(args.inputs, io), options);
  const files = outputs.filter((output) => !isStandardOutput(output.path)).map((output) => ({ path: output.path, from: `the ${output.format} result` }));
  assertSafeOutputs(files, inputFiles(analysis));
  await writeFindings({ analysis }, outputs, io, args.color);
  return hasFailingFindings(analysis, args['fail-on']) ? exitCodes.findings : exitCodes.ok;
}

/** `cspm-report check <inputs..>`: validate and cross-check saved reports. */
export const checkCommand: CommandSpec<CheckArgs> = {
  command: 'check <inputs..>',
  describe: 'validate reports and check that their numbers add up',
  builder,
  run,
};
