import yargs, { type Argv, type Options } from 'yargs';
import type { OptionFact } from '../../internal.js';

/**
 * The long options a command declares, read back from its builder on a fresh yargs: the
 * types and choices from yargs's own records, the coerce functions caught as the builder
 * declares them (yargs keeps them in a middleware). One declaration serves the flags and
 * the config file, so the two cannot drift apart.
 */
export function optionFactsOf(builder: (parser: Argv) => Argv): Map<string, OptionFact> {
  const parser = yargs();
  const coerces = new Map<string, (value: unknown) => unknown>();
  const option = parser.option.bind(parser) as (key: string, options?: Options) => Argv;
  (parser as unknown as { option: typeof option }).option = (key, options) => {
    if (typeof options?.coerce === 'function') coerces.set(key, options.coerce as (value: unknown) => unknown);
    return option(key, options);
  };
  const positionals = new Set<string>();
  const positional = parser.positional.bind(parser) as (key: string, options: Options) => Argv;
  (parser as unknown as { positional: typeof positional }).positional = (key, options) => {
    positionals.add(key);
    return positional(key, options);
  };
  builder(parser);
  // getOptions() is yargs's own record; its typings leave it out.
  const declared = (
    parser as unknown as {
      getOptions(): Record<'boolean' | 'number' | 'string' | 'array', string[]> & {
        key: Record<string, unknown>;
        choices: Record<string, string[]>;
      };
    }
  ).getOptions();
  const facts = new Map<string, OptionFact>();
  for (const key of Object.keys(declared.key)) {
    if (key.length < 2 || key === 'help' || key === 'version') continue;
    const type = declared.boolean.includes(key) ? 'boolean' : declared.number.includes(key) ? 'number' : 'string';
    facts.set(key, {
      type,
      array: declared.array.includes(key),
      choices: declared.choices[key],
      coerce: coerces.get(key),
      positional: positionals.has(key),
    });
  }
  return facts;
}
