import { ruleCatalogue } from '../../analyse/rule-descriptions.js';
import { CspmError } from '../../error/cspm-error.js';
import type { ConfigRecord, RunSettings } from '../../model/run-settings.js';
import { escapePointerToken } from '../../text/pointer-token.js';
import { locateInConfig } from './config-text.js';
import { configValuesFor, settable } from './config-values.js';
import type { LoadedConfig } from './load-config.js';
import type { OptionFact } from './option-facts.js';
import { configLine, givenOnCommandLine, runSettingsOf } from './run-settings.js';

/** What a run that read a config file says of it, and what it records. */
export interface SettledConfig {
  /** The settings every machine-readable output records, the config file's among them. */
  settings: RunSettings & { config: ConfigRecord };
  /** The one line that names the file and the keys it set. */
  line: string;
  /** A warning for each key of a file found by search that weakens the verdict. */
  warnings: string[];
  /** The refusal of those keys under `--strict-config`: the run stops with it once the line is shown. */
  refusal: CspmError | undefined;
  /**
   * An error of the run with, when its message names an option the file set (and the
   * command line did not), where in the file that value came from: `--logo x.png: no
   * such file` alone would send the reader to a command line that holds no --logo.
   */
  withOrigin(error: unknown): unknown;
}

/**
 * The settings of a run that read a config file, and what it says of them: a line naming
 * the file and the keys it set, and for each key of a file found by search that weakens
 * the verdict a warning, or with `--strict-config` (`strict`) a usage error instead.
 *
 * @param options the command's options, as its command line declares them
 * @param args    the command line as given
 * @param argv    the arguments parsed, the file's values among them
 */
export function settleConfig(
  config: LoadedConfig,
  options: ReadonlyMap<string, OptionFact>,
  args: readonly string[],
  argv: Readonly<Record<string, unknown>>,
  strict: boolean,
): SettledConfig {
  const settings = runSettingsOf({
    command: config.command,
    file: config.file,
    configured: configValuesFor(config, config.command, [...options.keys()]),
    args,
    effective: Object.fromEntries(settable(options, config.file).map((key) => [key, argv[key]])),
    defaultSeverityOf: (rule) => ruleCatalogue.find((entry) => entry.id === rule)?.defaultSeverity,
  });
  const record = settings.config;
  const line = configLine(record);
  const withOrigin = (error: unknown): unknown => withConfigOrigin(error, config, [...options.keys()], args);
  if (record.found === 'named' || record.weakening.length === 0)
    return { settings, line, warnings: [], refusal: undefined, withOrigin };
  const places = record.weakening.map((key) => placeOf(config, key));
  if (strict) {
    const refusal = new CspmError(
      'usage',
      `${places.join(', ')}: weakens the verdict, from a config file found by search; --strict-config refuses it (name the file with --config, or give the option on the command line)`,
      { data: { path: config.file.shown } },
    );
    return { settings, line, warnings: [], refusal, withOrigin };
  }
  const warnings = places.map(
    (place) =>
      `${place}: weakens the verdict, from a config file found by search, not named with --config (--strict-config refuses it)`,
  );
  return { settings, line, warnings, refusal: undefined, withOrigin };
}

/** `file:line:column: /pointer` of a key of the config file in force for the command. */
function placeOf(config: LoadedConfig, key: string): string {
  const path = config.sections[config.command]?.[key] !== undefined ? [config.command, key] : [key];
  const full = [...config.file.within, ...path];
  return `${config.file.shown}${locateInConfig(config.file.text, full, true)}: ${full.map((token) => `/${escapePointerToken(token)}`).join('')}`;
}

/** See {@link SettledConfig.withOrigin}; `declared` are the long options the command declares. */
function withConfigOrigin(
  error: unknown,
  config: LoadedConfig,
  declared: readonly string[],
  args: readonly string[],
): unknown {
  if (!(error instanceof CspmError)) return error;
  const configured = configValuesFor(config, config.command, declared);
  const key = Object.keys(configured).find(
    (name) => !givenOnCommandLine(args, name) && new RegExp(`--${name}(?![\\w-])`).test(error.message),
  );
  if (key === undefined) return error;
  const located = new CspmError(error.code, '', { data: error.data, cause: error });
  // The whole message as it was (its code's summary first), then where the value came from.
  located.message = `${error.message} (--${key} is set by ${placeOf(config, key)})`;
  return located;
}
