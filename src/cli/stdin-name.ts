import type { Argv } from 'yargs';
import { CspmError } from '../index.js';
import { oneValue } from './shared-options.js';

/** How standard input is named when `--stdin-name` is not given, in every output. */
export const defaultStdinName = '<stdin>';

/** The `--stdin-name` option of check, gate and diff. */
export interface StdinNameArgs {
  'stdin-name': string | undefined;
}

/**
 * Declares `--stdin-name`, as ESLint's `--stdin-filename` and Prettier's
 * `--stdin-filepath`: the file that the text piped to `-` is, so that every output
 * (SARIF, GitLab, GitHub annotations, text, json) names that file, and code scanning
 * can show a result on it. An empty name would name no file, so it is refused.
 */
export function withStdinNameOption<T>(yargs: Argv<T>): Argv<T & StdinNameArgs> {
  return yargs.option('stdin-name', {
    type: 'string',
    coerce: (value: unknown) => {
      const name = oneValue('stdin-name')(value);
      if (name === '')
        throw new CspmError(
          'usage',
          '--stdin-name needs a file name, relative to the working folder (--stdin-name reports/aws.json)',
          { data: { option: 'stdin-name', value: '' } },
        );
      return name;
    },
    defaultDescription: defaultStdinName,
    describe:
      'the file the report read from standard input (-) is, named so in every output: --stdin-name reports/aws.json',
  }) as unknown as Argv<T & StdinNameArgs>;
}
