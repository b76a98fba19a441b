import { readConfigDefaults, type ConfigDefaults } from './config-values.js';
import { findConfigFile, type SearchBounds } from './find-config-file.js';
import type { OptionFacts } from './option-facts.js';

/** A config file's checked values, and the command they were read for. */
export interface LoadedConfig extends ConfigDefaults {
  command: string;
}

/** What a run asks of its config file. */
export interface ConfigRequest {
  /** The command run: its section of the file applies, over the top level. */
  command: string;
  /** `--config FILE` as given; undefined to search from `cwd` upward. */
  file: string | undefined;
  cwd: string;
  /** The environment: a secret's variable wins over a file's `…-file`. */
  env: Readonly<Record<string, string | undefined>>;
  /** The home and temporary folders the search stops at (the system's by default). */
  bounds?: SearchBounds | undefined;
  /** The options the command line declares, asked only once a file is found: a run without one builds none. */
  options(): OptionFacts;
}

/**
 * The config file of a run, found (see findConfigFile) and checked as its flags are
 * (see readConfigDefaults), or undefined when there is none.
 *
 * @throws CspmError (usage) naming the file, and where it tells, the line, column and JSON Pointer
 */
export function loadConfig(request: ConfigRequest): LoadedConfig | undefined {
  const file = findConfigFile(request.file, request.cwd, request.bounds);
  if (file === undefined) return undefined;
  return { ...readConfigDefaults(file, request.options(), request.env), command: request.command };
}
