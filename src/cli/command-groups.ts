import type { Argv } from 'yargs';
import { closestName } from '../internal.js';
import type { CommandGroup, CommandSpec } from './commands/command-spec.js';
import { commands } from './commands/commands.js';

/** The command a command line selected, and what yargs parsed of it. */
export interface Selected {
  spec: CommandSpec<unknown>;
  args: unknown;
}

/**
 * The builder of a command as yargs takes it: a group's declares its subcommands, each
 * selected as a command is and its examples laid out by `layout`, and refuses a line that
 * names none.
 */
export function commandBuilder(
  spec: CommandSpec<unknown> | CommandGroup,
  select: (selected: Selected) => void,
  layout: (parser: Argv) => Argv,
): (parser: Argv) => Argv {
  if (!('subcommands' in spec)) return (parser) => spec.builder(parser) as Argv;
  return (parser) => {
    let built = spec.builder(parser);
    for (const sub of Object.values(spec.subcommands)) {
      built = built.command(
        sub.command,
        sub.describe,
        (inner) => sub.builder(layout(inner)),
        (args) => select({ spec: sub, args }),
      );
    }
    return built.demandCommand(1, `name a subcommand: ${Object.keys(spec.subcommands).join(', ')}`);
  };
}

/**
 * The registry's command that the command line `args` names, and its name as messages
 * give it (`exceptions check`), if there is one: of a group, the subcommand its second
 * word names, or none.
 */
export function commandOf(args: readonly string[]): { name: string; spec: CommandSpec<unknown> } | undefined {
  const [name, sub] = args;
  if (name === undefined || !Object.hasOwn(commands, name)) return undefined;
  const spec = commands[name as keyof typeof commands] as CommandSpec<unknown> | CommandGroup;
  if (!('subcommands' in spec)) return { name, spec };
  return sub !== undefined && Object.hasOwn(spec.subcommands, sub)
    ? { name: `${name} ${sub}`, spec: spec.subcommands[sub] as CommandSpec<unknown> }
    : undefined;
}

/**
 * What is wrong with a command line whose second word is no subcommand of the group its
 * first names (`exceptions chek`), with the closest one and the list; undefined for any
 * other line. yargs says only "Did you mean check?".
 */
export function unknownSubcommand(args: readonly string[]): string | undefined {
  const [name, sub] = args;
  if (name === undefined || sub === undefined || sub.startsWith('-') || !Object.hasOwn(commands, name))
    return undefined;
  const spec = commands[name as keyof typeof commands] as CommandSpec<unknown> | CommandGroup;
  if (!('subcommands' in spec) || Object.hasOwn(spec.subcommands, sub)) return undefined;
  const names = Object.keys(spec.subcommands);
  const suggestion = closestName(sub, names);
  const hint = suggestion === undefined ? '' : `did you mean ${suggestion}? `;
  return `unknown subcommand "${sub}" of ${name}; ${hint}The subcommands are ${names.join(', ')}`;
}
