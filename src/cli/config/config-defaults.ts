import type { Argv } from 'yargs';
import { commandNames } from '../commands/commands.js';
import { readConfigChoice } from './config-flags.js';
import { configValuesFor, readConfigDefaults, type ConfigDefaults } from './config-values.js';
import { findConfigFile } from './find-config-file.js';

export type { ConfigDefaults } from './config-values.js';

/** Commands that take no option worth writing down once. */
const commandsWithoutConfig = new Set(['completion']);

/**
 * The config file's checked values for the command line `args`, or undefined when no
 * file applies: `--no-config`, `--help`, no command named, or none found from `cwd` upward. A
 * run without a file reads no YAML and parses nothing more than before.
 */
export function loadConfigDefaults(args: readonly string[], cwd: string): ConfigDefaults | undefined {
  const choice = readConfigChoice(args);
  if (choice.none || choice.informational || choice.command === undefined || !(commandNames as readonly string[]).includes(choice.command) || commandsWithoutConfig.has(choice.command)) return undefined;
  const file = findConfigFile(choice.file, cwd);
  return file === undefined ? undefined : readConfigDefaults(file);
}

/**
 * A command's parser with the config file's values as its defaults: yargs sets each one
 * the command line left unset, before its own defaults, its coerce functions and its
 * checks, so a flag always wins over the file.
 */
export function withConfigDefaults(parser: Argv, command: string, defaults: ConfigDefaults | undefined): Argv {
  if (defaults === undefined) return parser;
  // getOptions() is yargs's own record; its typings leave it out.
  const declared = Object.keys((parser as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key);
  return parser.config(configValuesFor(defaults, command, declared));
}
