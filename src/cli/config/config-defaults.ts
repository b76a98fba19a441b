import type { Argv } from 'yargs';
import {
  configValuesFor,
  loadConfig,
  settleConfig as settleConfigFile,
  terminalText,
  type ConfigDefaults,
  type LoadedConfig,
  type OptionFacts,
  type SearchBounds,
  type SettledConfig,
} from '../../internal.js';
import { withFailOnOptions } from '../analysis-options.js';
import { commandNames, commands } from '../commands/commands.js';
import { readConfigChoice } from './config-flags.js';
import { optionFactsOf } from './option-facts.js';

export type { ConfigDefaults, LoadedConfig } from '../../internal.js';

/** Commands that take no option worth writing down once. */
const commandsWithoutConfig = new Set(['completion']);

/**
 * The config file's checked values for the command line `args`, or undefined when no
 * file applies: `--no-config`, `--help`, no command named, or none found from `cwd` upward. A
 * run without a file reads no YAML and parses nothing more than before.
 *
 * @param env    the environment: a secret's variable wins over a file's `…-file`
 * @param bounds the home and temporary folders the search stops at (the system's by default)
 */
export function loadConfigDefaults(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>> = {},
  bounds?: SearchBounds,
): LoadedConfig | undefined {
  const choice = readConfigChoice(args);
  const command = choice.command;
  if (
    choice.none ||
    choice.informational ||
    command === undefined ||
    !(commandNames as readonly string[]).includes(command) ||
    commandsWithoutConfig.has(command)
  )
    return undefined;
  return loadConfig({ command, file: choice.file, cwd, env, bounds, options: declaredOptionFacts });
}

/** The options the command line declares, as a config file is checked against them. */
function declaredOptionFacts(): OptionFacts {
  return {
    shared: optionFactsOf((parser) => withFailOnOptions(parser)),
    commands: commandNames,
    optionsOf: (command) => optionFactsOf(commands[command as keyof typeof commands].builder),
  };
}

/**
 * A command's parser with the config file's values as its defaults: yargs sets each one
 * the command line left unset, before its own defaults, its coerce functions and its
 * checks, so a flag always wins over the file.
 */
export function withConfigDefaults(parser: Argv, command: string, defaults: ConfigDefaults | undefined): Argv {
  if (defaults === undefined) return parser;
  return parser.config(configValuesFor(defaults, command, declaredOptions(parser)));
}

/** The long options a parser declares, from yargs's own record (its typings leave it out). */
function declaredOptions(parser: Argv): string[] {
  return Object.keys((parser as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key);
}

/**
 * Says what a run that read a config file read, on standard error (`write`): the file
 * and the keys it set, and a warning for each key of a file found by search that
 * weakens the verdict. Returns the settings every machine-readable output records, and
 * how an error of the run names where in the file a value it names came from.
 *
 * @param argv the arguments yargs parsed, the file's values among them
 * @throws CspmError (usage) for a weakening key under `--strict-config`
 */
export function settleConfig(
  config: LoadedConfig,
  args: readonly string[],
  argv: Record<string, unknown>,
  write: (line: string) => void,
): Pick<SettledConfig, 'settings' | 'withOrigin'> {
  const options = optionFactsOf(commands[config.command as keyof typeof commands].builder);
  const settled = settleConfigFile(config, options, args, argv, argv['strict-config'] === true);
  write(`cspm-report: ${terminalText(settled.line)}\n`);
  if (settled.refusal !== undefined) throw settled.refusal;
  for (const warning of settled.warnings) write(`cspm-report: warning: ${terminalText(warning)}\n`);
  return settled;
}
