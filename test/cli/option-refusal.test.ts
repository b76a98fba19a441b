import type { Argv } from 'yargs';
import { describe, expect, it } from 'vitest';
import { isCspmError } from '../../src/index.js';
import { commands } from '../../src/cli/commands/commands.js';
import { optionFactsOf } from '../../src/cli/config/option-facts.js';
import { runInProcess } from '../support/cli-run.js';

const sample = 'samples/aws-cis.json';
const checkFacts = optionFactsOf(commands.check.builder as (parser: Argv) => Argv);

/** What the coerce function of check's `option` throws for `value`. */
function refusalOf(option: string, value: unknown): unknown {
  const coerce = checkFacts.get(option)?.coerce;
  if (coerce === undefined) throw new Error(`check declares no coerce function for --${option}`);
  try {
    coerce(value);
  } catch (error) {
    return error;
  }
  throw new Error(`--${option} took ${String(value)}`);
}

// The options' own checks refuse a value with a usage error of the one class, naming
// the option and the value; the command line prints the same line as before.
describe('an option value refused by its own check', () => {
  it.each([
    ['jobs', '0', '0', '--jobs takes a whole number of files to analyse at once, from 1 to 256, once, not 0'],
    [
      'markdown-limit',
      '64k',
      '64k',
      '--markdown-limit takes a whole number of characters from 16,384 to 1,000,000, once, not 64k',
    ],
    ['fail-on', ['error', 'warning'], 'error, warning', '--fail-on was given 2 times (error, warning); give it once'],
  ])('--%s %j is a usage error naming the option', async (option, value, shown, line) => {
    const refusal = refusalOf(option, value);
    expect(isCspmError(refusal)).toBe(true);
    expect(refusal).toMatchObject({ code: 'usage', data: { option, value: shown }, message: `invalid usage: ${line}` });
    const args = Array.isArray(value) ? value.flatMap((one) => [`--${option}`, one]) : [`--${option}`, value];
    const run = await runInProcess(['check', sample, ...args]);
    expect(run).toMatchObject({ code: 2, stderr: `cspm-report: ${line}\nRun "cspm-report --help" for usage.\n` });
  });
});
