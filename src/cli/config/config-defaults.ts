import type { Argv } from 'yargs';
import { CspmError, ruleCatalogue, type RunSettings } from '../../index.js';
import { escapePointerToken, terminalText } from '../../internal.js';
import { commandNames, commands } from '../commands/commands.js';
import { locateInConfig } from './config-text.js';
import { readConfigChoice } from './config-flags.js';
import { refusedKey } from './config-scope.js';
import { configValuesFor, isCredential, readConfigDefaults, type ConfigDefaults } from './config-values.js';
import { findConfigFile, type SearchBounds } from './find-config-file.js';
import { optionFactsOf } from './option-facts.js';
import { configLine, givenOnCommandLine, runSettingsOf } from './run-settings.js';

export type { ConfigDefaults } from './config-values.js';

/** Commands that take no option worth writing down once. */
const commandsWithoutConfig = new Set(['completion']);

/** A config file's checked values, and the command they were read for. */
export interface LoadedConfig extends ConfigDefaults {
  command: string;
}

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
  const file = findConfigFile(choice.file, cwd, bounds);
  return file === undefined ? undefined : { ...readConfigDefaults(file, env), command };
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
 * What a run that read a config file says of it and records: one line on standard error
 * naming the file and the keys it set, a warning for each key of a file found by search
 * that weakens the verdict (a usage error instead with `--strict-config`), and the
 * settings every machine-readable output records.
 *
 * @param argv the arguments yargs parsed, the file's values among them
 * @throws CspmError (usage) for a weakening key under `--strict-config`
 */
export function settleConfig(
  config: LoadedConfig,
  args: readonly string[],
  argv: Record<string, unknown>,
  write: (line: string) => void,
): RunSettings {
  const spec = commands[config.command as keyof typeof commands];
  const facts = optionFactsOf(spec.builder);
  const settable = [...facts.entries()]
    .filter(
      ([key, fact]) =>
        refusedKey(key, { positional: fact.positional, credential: isCredential(key) }, config.file.found) ===
        undefined,
    )
    .map(([key]) => key);
  const settings = runSettingsOf({
    file: config.file,
    configured: configValuesFor(config, config.command, [...facts.keys()]),
    args,
    effective: Object.fromEntries(settable.map((key) => [key, argv[key]])),
    defaultSeverityOf: (rule) => ruleCatalogue.find((entry) => entry.id === rule)?.defaultSeverity,
  });
  const record = settings.config;
  if (record === null) return settings;
  write(`cspm-report: ${terminalText(configLine(record))}\n`);
  if (record.found === 'named' || record.weakening.length === 0) return settings;
  const places = record.weakening.map((key) => placeOf(config, key));
  if (argv['strict-config'] === true) {
    throw new CspmError(
      'usage',
      `${places.join(', ')}: weakens the verdict, from a config file found by search; --strict-config refuses it (name the file with --config, or give the option on the command line)`,
      { data: { path: config.file.shown } },
    );
  }
  for (const place of places)
    write(
      `cspm-report: warning: ${terminalText(place)}: weakens the verdict, from a config file found by search, not named with --config (--strict-config refuses it)\n`,
    );
  return settings;
}

/** `file:line:column: /pointer` of a key of the config file in force for the command. */
function placeOf(config: LoadedConfig, key: string): string {
  const path = config.sections[config.command]?.[key] !== undefined ? [config.command, key] : [key];
  const full = [...config.file.within, ...path];
  return `${config.file.shown}${locateInConfig(config.file.text, full, true)}: ${full.map((token) => `/${escapePointerToken(token)}`).join('')}`;
}

/**
 * An error of a run whose message names an option the config file set (and the command
 * line did not), with where in the file that value came from: `--logo x.png: no such
 * file` alone would send the reader to a command line that holds no --logo.
 */
export function withConfigOrigin(error: unknown, config: LoadedConfig, args: readonly string[]): unknown {
  if (!(error instanceof CspmError)) return error;
  const spec = commands[config.command as keyof typeof commands];
  const configured = configValuesFor(config, config.command, [...optionFactsOf(spec.builder).keys()]);
  const key = Object.keys(configured).find(
    (name) => !givenOnCommandLine(args, name) && new RegExp(`--${name}(?![\\w-])`).test(error.message),
  );
  if (key === undefined) return error;
  const located = new CspmError(error.code, '', { data: error.data, cause: error });
  // The whole message as it was (its code's summary first), then where the value came from.
  located.message = `${error.message} (--${key} is set by ${placeOf(config, key)})`;
  return located;
}
