import { expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';

it.each(['0', '-1', '3601', 'soon'])(
  'serve refuses --request-timeout %s with one line and exit 2, before listening',
  async (value) => {
    const result = await runInProcess(['serve', '--request-timeout', value]);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'cspm-report: invalid usage: --request-timeout must be above 0 and at most 3600 seconds\n',
    });
  },
);
