import { describe, expect, it } from 'vitest';
import { page } from '../support/documentation.js';

/**
 * The five-minute page promises a PDF, a CI gate and a diff against last week: each is a
 * command of a console block, which test/readme.test.ts runs and compares with what the
 * page shows. None may move to a block marked not run, or to a block of another kind.
 */
describe('Prowler in five minutes', () => {
  const { text } = page('docs/prowler-in-five-minutes.md');
  const commands = [...text.matchAll(/^```console\n([\s\S]*?)^```$/gm)].flatMap((block) =>
    block[1]!.split('\n').filter((line) => line.startsWith('$ cspm-report ')),
  );

  it('runs every command of the page, none marked not run', () => {
    expect(text).not.toContain('<!-- not run:');
    expect(commands.length).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['an auditor’s PDF', /^\$ cspm-report render samples\/prowler\/this-week\.ocsf\.json -o \S+\.pdf$/],
    ['a gate that fails', /^\$ cspm-report gate samples\/prowler\/this-week\.ocsf\.json --rules \S+ {2}# exit 3$/],
    [
      'a diff against last week',
      /^\$ cspm-report diff samples\/prowler\/last-week\.ocsf\.json samples\/prowler\/this-week\.ocsf\.json/,
    ],
  ])('shows %s', (_what, command) => {
    expect(commands.filter((line) => command.test(line))).toHaveLength(1);
  });
});
