import yargs from 'yargs';
import { describe, expect, it } from 'vitest';
import { skipHelpCache } from '../../src/cli/command-facts.js';
import { brokenMessage, memberContract, type Library, type MemberCheck } from '../support/library-contract.js';

/**
 * yargs's records the command line reads back beyond its typings: a refused command's
 * help lists its options and their descriptions, and a config file's keys are checked
 * against the options each command declares.
 */
const library: Library = {
  name: 'yargs',
  module: 'src/cli/command-facts.ts, src/cli/config/option-facts.ts and src/cli/config/config-defaults.ts',
};

/** A parser with one string option of two choices, described. */
function declared(): unknown {
  return yargs().option('format', { type: 'string', choices: ['a', 'b'], describe: 'the format' });
}

const usage = (): unknown =>
  (declared() as { getInternalMethods(): { getUsageInstance(): unknown } }).getInternalMethods().getUsageInstance();

const checks: MemberCheck<unknown>[] = [
  { name: 'Argv#getOptions', root: declared, path: ['getOptions'], kind: 'function', arity: 0 },
  { name: 'Argv#getInternalMethods', root: declared, path: ['getInternalMethods'], kind: 'function', arity: 0 },
  { name: 'UsageInstance#getDescriptions', root: usage, path: ['getDescriptions'], kind: 'function', arity: 0 },
  { name: 'UsageInstance#cacheHelpMessage', root: usage, path: ['cacheHelpMessage'], kind: 'function', arity: 0 },
  {
    name: 'UsageInstance#hasCachedHelpMessage',
    root: usage,
    path: ['hasCachedHelpMessage'],
    kind: 'function',
    arity: 0,
  },
];

describe('yargs internals (the command line reads its option records)', () => {
  memberContract(library, checks);

  it('lays out no help after a command ran once skipHelpCache is applied, and still gives --help', async () => {
    const parse = (skip: boolean) => {
      let parser = yargs().exitProcess(false);
      if (skip) parser = skipHelpCache(parser);
      parser = parser.command(
        'go',
        'run it',
        (inner) => inner.option('fast', { type: 'boolean' }),
        () => undefined,
      );
      const usageOf = parser as unknown as {
        getInternalMethods(): { getUsageInstance(): { hasCachedHelpMessage(): boolean } };
      };
      return { parser, cached: () => usageOf.getInternalMethods().getUsageInstance().hasCachedHelpMessage() };
    };
    const plain = parse(false);
    await plain.parser.parseAsync(['go']);
    expect(
      plain.cached(),
      brokenMessage(library, 'UsageInstance#cacheHelpMessage', 'called after a command ran', 'not called'),
    ).toBe(true);
    const skipped = parse(true);
    await skipped.parser.parseAsync(['go']);
    expect(skipped.cached()).toBe(false);
    let output = '';
    await skipped.parser.parseAsync(['go', '--help'], {}, (_error, _argv, text) => {
      output = text;
    });
    expect(output).toContain('--fast');
  });

  it('records each option by key, with its type and choices, in getOptions()', () => {
    const options = (declared() as { getOptions(): Record<string, unknown> }).getOptions();
    const message = brokenMessage(
      library,
      'Argv#getOptions()',
      'a record of key, string and choices',
      JSON.stringify(Object.keys(options)),
    );
    expect(Object.keys(options.key as object), message).toContain('format');
    expect(options.string, message).toContain('format');
    expect(options.choices, message).toEqual({ format: ['a', 'b'] });
  });

  it("gives each option's description from the usage instance", () => {
    const descriptions = (usage() as { getDescriptions(): Record<string, unknown> }).getDescriptions();
    expect(
      descriptions.format,
      brokenMessage(
        library,
        'UsageInstance#getDescriptions()',
        'a map of key to description',
        JSON.stringify(descriptions),
      ),
    ).toBe('the format');
  });
});
