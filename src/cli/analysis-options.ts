import type { Argv } from 'yargs';
import { type CheckOptions, type FailOn, type PercentFormula, type SkippedInput } from '../index.js';
import { failOnLevels, inputFormatNames, percentFormulaIds, ruleSettingsOf, terminalText } from '../internal.js';
import type { InputFormat } from '../internal.js';
import type { CliIo } from './cli-io.js';
import { settleHeapBeforeParse } from './settle-heap.js';
import { oneValue, type QuietArgs } from './shared-options.js';
import { clearProgressLine, progressListener } from './progress/progress-io.js';
import { releaseIdleStopSignals } from './stop-signals.js';

/** The analysis options every command that checks reports takes. */
export interface AnalysisArgs {
  'percent-formula': PercentFormula | undefined;
  rule: string[];
  from?: InputFormat | undefined;
  framework?: string | undefined;
}

/** The analysis options with --fail-on, for the commands whose exit code findings decide. */
export interface FailOnArgs extends AnalysisArgs {
  'fail-on': FailOn;
}

/** Declares --percent-formula and --rule, the same way in every command that takes them. */
export function withAnalysisOptions<T>(yargs: Argv<T>): Argv<T & AnalysisArgs> {
  return yargs
    .option('percent-formula', {
      choices: percentFormulaIds,
      coerce: oneValue('percent-formula'),
      describe: 'CompliancePercent formula for the figures and the check [default: green-of-assessed]',
    })
    .option('rule', {
      type: 'string',
      array: true,
      default: [] as string[],
      describe: "change a rule's severity: id=error|warning|off (repeatable)",
    })
    .option('from', {
      choices: inputFormatNames(),
      coerce: oneValue('from'),
      describe: 'read every input as this format instead of telling it from the content',
    })
    .option('framework', {
      type: 'string',
      coerce: oneValue('framework'),
      describe:
        "other scanners' results: one report per compliance framework they name (all), or of the one named (CIS-2.0)",
    }) as unknown as Argv<T & AnalysisArgs>;
}

/** Declares --percent-formula, --rule and --fail-on. */
export function withFailOnOptions<T>(yargs: Argv<T>): Argv<T & FailOnArgs> {
  return withAnalysisOptions(yargs).option('fail-on', {
    choices: failOnLevels,
    default: 'error' as FailOn,
    coerce: oneValue('fail-on'),
    describe: 'lowest finding severity that makes the exit code 1',
  }) as unknown as Argv<T & FailOnArgs>;
}

/**
 * The options every job takes from the parsed arguments: --percent-formula, --rule and
 * --fail-on when the command has it; a --rule setting the silencing guard does not apply
 * (it would silence a rule marking an unusable input) gets a warning on standard error.
 * The command line settles V8's heap before a large
 * parse: a process-wide step the library leaves to its caller. An entry of a scanned
 * folder that is left out gets a note on standard error, and a long run a progress
 * line on a terminal, unless --quiet.
 */
export function checkOptionsOf(args: AnalysisArgs & QuietArgs & { 'fail-on'?: FailOn }, io: CliIo): CheckOptions {
  const percentFormula = args['percent-formula'];
  const failOn = args['fail-on'];
  const onProgress = progressListener(io, args.quiet);
  const { severities, refused } = ruleSettingsOf(args.rule);
  // Said even under --quiet: a setting the user gave is not applied.
  for (const line of refused) io.stderr.write(`cspm-report: warning: ${terminalText(line)}\n`);
  return {
    severities,
    beforeParse: async (text) => {
      // No line is left on the terminal by a signal that ends a long parse.
      if (text.length >= largeText) clearProgressLine(io);
      await prepareParse(text);
    },
    ...(args.quiet === true ? {} : { onSkip: noteSkipped(io) }),
    ...(onProgress === undefined ? {} : { onProgress }),
    ...(percentFormula === undefined ? {} : { percentFormula }),
    ...(args.from === undefined ? {} : { from: args.from }),
    ...(args.framework === undefined ? {} : { framework: args.framework }),
    ...(failOn === undefined ? {} : { failOn }),
    ...(io.runSettings === undefined ? {} : { runSettings: io.runSettings }),
  };
}

/** Characters of a text whose parse holds the main thread long enough to matter (8 Mi, some 25 ms). */
const largeText = 8 * 2 ** 20;

/**
 * Before each parse: idle stop-signal handlers are removed, so that a signal ends a
 * long parse at once, then V8's heap is settled (see settle-heap.ts).
 */
async function prepareParse(text: string): Promise<void> {
  await releaseIdleStopSignals();
  settleHeapBeforeParse(text);
}

/** Prints a note for an input left out of a run: one line naming it, never a finding. */
export function noteSkipped(io: CliIo): (skipped: SkippedInput) => void {
  return ({ source, message }) => io.stderr.write(`cspm-report: note: ${terminalText(source)}: ${message}\n`);
}
