import yargs, { type Argv } from 'yargs';
import type { CommandSpec } from './commands/command-spec.js';

/** What a command declares, read back from its builder for messages about a command line. */
export interface CommandFacts {
  /** The command's name (`diff`). */
  name: string;
  /** Its positional arguments as declared (`<old>`, `<new>`, `<inputs..>`). */
  positionals: string[];
  /** Its long option names, global ones included. */
  options: string[];
  /** Each option's one-line description, by name. */
  descriptions: Record<string, string>;
  /** Its example command lines, `$0` as `cspm-report`. */
  examples: string[];
}

/**
 * Runs a command's builder on a fresh yargs to learn what it declares: the examples are
 * caught as the builder adds them (yargs keeps them to itself), the options and their
 * descriptions come from yargs's own records. Only called when a command line is refused.
 */
export function commandFacts(name: string, spec: CommandSpec<unknown> | undefined): CommandFacts {
  const examples: string[] = [];
  const parser = yargs();
  if (spec) {
    const example = parser.example.bind(parser) as (command: string, description?: string) => Argv;
    // The builder's calls go through here first, then on to yargs as before.
    (parser as unknown as { example: typeof example }).example = (command, description) => {
      examples.push(command.replace(/\$0/g, 'cspm-report'));
      return example(command, description);
    };
    spec.builder(parser);
  }
  // getOptions() and the usage instance are yargs's own records; its typings leave them out.
  const internals = parser as unknown as {
    getOptions(): { key: Record<string, unknown> };
    getInternalMethods(): { getUsageInstance(): { getDescriptions(): Record<string, string | undefined> } };
  };
  const options = [...Object.keys(internals.getOptions().key), 'debug', 'help'].filter((key) => key.length > 1);
  const described = internals.getInternalMethods().getUsageInstance().getDescriptions();
  const descriptions = Object.fromEntries(
    Object.entries(described).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return {
    name,
    positionals: spec ? (spec.command.match(/<[^>]+>|\[[^\]]+\]/g) ?? []) : [],
    options,
    descriptions,
    examples,
  };
}

/**
 * Stops yargs from laying out a command's whole help after its handler ran: it keeps that
 * text to show should the handler fail later, but a handler here only selects the command
 * (main.ts runs it after parsing), so the text was never shown, and laying it out cost
 * every run 10–40 ms, more with each option a command declares. `--help` lays its help
 * out as before. The usage instance is yargs's own record; its typings leave it out.
 */
export function skipHelpCache<T>(parser: Argv<T>): Argv<T> {
  const internals = parser as unknown as {
    getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } };
  };
  internals.getInternalMethods().getUsageInstance().cacheHelpMessage = () => undefined;
  return parser;
}
