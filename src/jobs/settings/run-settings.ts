import type { ConfigRecord, RunSettings } from '../../model/run-settings.js';
import { weakens, type ConfigFound } from './config-scope.js';

/** What the record of a run's settings is made of. */
export interface SettingsSource {
  /** The command run: whether a value weakens its verdict depends on it. */
  command: string;
  /** The config file read: how messages show it, its digest, how it was found. */
  file: { shown: string; sha256: string; found: ConfigFound };
  /** The file's values for the command run, by option (its section's over its top level's). */
  configured: Readonly<Record<string, unknown>>;
  /** The command line as given. */
  args: readonly string[];
  /** The options the config may set that the command takes, at their values in force (yargs's arguments). */
  effective: Readonly<Record<string, unknown>>;
  /** The default severity of a rule id; undefined for an unknown one. */
  defaultSeverityOf(rule: string): string | undefined;
}

/**
 * The settings of a run that read a config file: the file, the keys of it in force (a
 * flag on the command line wins over the file, so its key is not), those that weaken
 * the verdict, and every option's value in force.
 */
export function runSettingsOf(source: SettingsSource): RunSettings & { config: ConfigRecord } {
  const keys = Object.keys(source.configured)
    .filter((key) => !givenOnCommandLine(source.args, key))
    .sort();
  const weakening = keys.filter((key) =>
    weakens(key, source.configured[key], source.defaultSeverityOf, source.command),
  );
  const config: ConfigRecord = {
    path: source.file.shown,
    sha256: source.file.sha256,
    found: source.file.found,
    keys,
    weakening,
  };
  const effective = Object.fromEntries(
    Object.keys(source.effective)
      .sort()
      .filter((key) => source.effective[key] !== undefined)
      .map((key) => [key, source.effective[key]]),
  );
  return { config, effective };
}

/**
 * True when the command line gives `key` as a flag before `--`: `--key`, `--key=…`,
 * `--no-key`, or yargs's camelCase spelling of them.
 */
export function givenOnCommandLine(args: readonly string[], key: string): boolean {
  const camel = key.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const names = new Set([key, camel, `no-${key}`, `no${camel.charAt(0).toUpperCase()}${camel.slice(1)}`]);
  for (const arg of args) {
    if (arg === '--') return false;
    // Stryker disable next-line StringLiteral: split always yields a first element; the fallback is for the type only
    if (arg.startsWith('--') && names.has(arg.slice(2).split('=', 1)[0] ?? '')) return true;
  }
  return false;
}

/** The one line on standard error of a run that read a config file: which, how found, and the keys in force. */
export function configLine(config: ConfigRecord): string {
  const how = config.found === 'named' ? 'named with --config' : 'found by search';
  const keys = config.keys.length === 0 ? 'sets nothing this command takes' : `sets ${config.keys.join(', ')}`;
  return `config file ${config.path} (${how}) ${keys}`;
}
