import { dirname, isAbsolute, join } from 'node:path';
import { CspmError, isCspmError } from '../../error/cspm-error.js';
import { isGatePresetName } from '../../gate/presets/gate-presets.js';
import { closestName } from '../../text/closest-name.js';
import { escapePointerToken } from '../../text/pointer-token.js';
import { secretSources } from '../service-secrets.js';
import { locateInConfig } from './config-text.js';
import { refusedKey } from './config-scope.js';
import type { ConfigFile } from './find-config-file.js';
import type { OptionFact, OptionFacts } from './option-facts.js';

/**
 * The options whose values are paths: a config file's are relative to its folder, not to
 * the working directory of a run (`-`, standard input or output, stays as it is).
 */
const pathOptions = new Set([
  'output',
  'out-dir',
  'templates',
  'logo',
  'rules',
  'result',
  'baseline',
  'accounts',
  'body',
  'reports',
  'exceptions',
  ...Object.values(secretSources).map((source) => source.flag),
]);

/** Words that name a secret: no key of a config file, which is shared and often committed. */
const secretWords = /token|secret|password|passwd|api-?key|credential/i;

/** The environment variable of the service's base URL, which a config file's `base-url` may not contradict. */
const baseUrlVariable = 'CSPM_BASE_URL';

/**
 * True for an option that decides where the service's credentials go or what they are:
 * the service's address (`base-url`, `env`) and a file of a secret (`api-key-file`).
 */
export function isCredential(key: string): boolean {
  return key === 'base-url' || key === 'env' || (key.endsWith('-file') && secretWords.test(key));
}

/** A config file's values, checked, by where they apply. */
export interface ConfigDefaults {
  file: ConfigFile;
  /** Top-level options: of every command that declares them. */
  shared: Record<string, unknown>;
  /** A section's options, by command name: they win over the top level. */
  sections: Partial<Record<string, Record<string, unknown>>>;
}

/**
 * Checks a config file as its flags are checked (each key is a long option of `options`,
 * its value of the option's type, one of its choices, through its coerce) and resolves
 * its paths. Anything else is a usage error naming the file, the JSON Pointer and, where
 * the text tells, the line and column.
 *
 * @param env the environment: a secret's variable wins over a file's `…-file`
 */
export function readConfigDefaults(
  file: ConfigFile,
  options: OptionFacts,
  env: Readonly<Record<string, string | undefined>> = {},
): ConfigDefaults {
  const refuse = refusal(file);
  const root = file.value;
  if (!isMapping(root))
    throw refuse([], false, 'a config file is a mapping of option names (and command sections) to values');
  const shared = options.shared;
  const commandNames = options.commands;
  const defaults: ConfigDefaults = { file, shared: {}, sections: {} };
  for (const [key, value] of Object.entries(root)) {
    if (commandNames.includes(key)) {
      if (!isMapping(value)) throw refuse([key], false, `a command's section is a mapping of its options to values`);
      const facts = options.optionsOf(key);
      const entries = Object.entries(value).map(
        ([name, given]) => [name, checkedValue(file, [key, name], given, facts, settable(facts, file))] as const,
      );
      defaults.sections[key] = Object.fromEntries(
        entries.filter(([name, checked]) => !yieldsToEnvironment(file, [key, name], checked, env)),
      );
    } else {
      defaults.shared[key] = checkedValue(file, [key], value, shared, [...settable(shared, file), ...commandNames]);
    }
  }
  return defaults;
}

/** The options of `facts` that a config file, found as `file` was, may set. */
export function settable(facts: ReadonlyMap<string, OptionFact>, file: ConfigFile): string[] {
  return [...facts.entries()]
    .filter(
      ([key, fact]) =>
        refusedKey(key, { positional: fact.positional, credential: isCredential(key) }, file.found) === undefined,
    )
    .map(([key]) => key);
}

/**
 * True when the environment wins over a credential of a config file named with
 * `--config`: a secret's variable, when set, over the file's `…-file`. A base URL that
 * differs from $CSPM_BASE_URL is refused: the file would send the credentials of that
 * service to another host.
 */
function yieldsToEnvironment(
  file: ConfigFile,
  path: string[],
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  const key = path.at(-1) ?? '';
  const source = Object.values(secretSources).find((candidate) => candidate.flag === key);
  if (source !== undefined) return (env[source.variable] ?? '') !== '';
  const pinned = env[baseUrlVariable] ?? '';
  if (pinned === '') return false;
  if (key === 'base-url' && value !== pinned)
    throw refusal(file)(
      path,
      false,
      `differs from $${baseUrlVariable}: a config file does not send the service's credentials to another host (give --base-url on the command line)`,
    );
  if (key === 'env')
    throw refusal(file)(
      path,
      false,
      `$${baseUrlVariable} is set: a config file does not send the service's credentials to another host (give --env on the command line)`,
    );
  return false;
}

/** The file's values for a command that declares `declared`: the top level's, then its section's. */
export function configValuesFor(
  defaults: ConfigDefaults,
  command: string,
  declared: readonly string[],
): Record<string, unknown> {
  const shared = Object.entries(defaults.shared).filter(([key]) => declared.includes(key));
  return { ...Object.fromEntries(shared), ...defaults.sections[command] };
}

function checkedValue(
  file: ConfigFile,
  path: string[],
  value: unknown,
  facts: ReadonlyMap<string, OptionFact>,
  known: readonly string[],
): unknown {
  const refuse = refusal(file);
  const key = path.at(-1) ?? '';
  if (secretWords.test(key) && !key.endsWith('-file')) throw refuse(path, true, secretMessage(key));
  const fact = facts.get(key);
  if (fact === undefined) throw refuse(path, true, unknownKeyMessage(key, known));
  const refused = refusedKey(key, { positional: fact.positional, credential: isCredential(key) }, file.found);
  if (refused !== undefined) throw refuse(path, true, refused);
  if (fact.array) {
    const items = Array.isArray(value) ? value : [value];
    return items.map((item, index) =>
      checkedItem(file, Array.isArray(value) ? [...path, String(index)] : path, item, fact, key),
    );
  }
  if (Array.isArray(value)) throw refuse(path, false, `takes one value, not a list`);
  const checked = checkedItem(file, path, value, fact, key);
  if (fact.coerce !== undefined) assertCoerces(file, path, checked, fact.coerce);
  return checked;
}

function checkedItem(file: ConfigFile, path: string[], value: unknown, fact: OptionFact, key: string): unknown {
  const refuse = refusal(file);
  const shown = JSON.stringify(value) ?? String(value);
  if (fact.type === 'boolean' && typeof value !== 'boolean') throw refuse(path, false, `${shown} is not true or false`);
  if (fact.type === 'number' && (typeof value !== 'number' || !Number.isFinite(value)))
    throw refuse(path, false, `${shown} is not a number`);
  // A number where text is taken (`markdown-limit: 30000`, `title: 2024`) is its digits.
  if (fact.type === 'string' && typeof value !== 'string' && typeof value !== 'number')
    throw refuse(path, false, `${shown} is not a string`);
  const text = fact.type === 'string' ? String(value) : value;
  if (fact.choices !== undefined && !fact.choices.includes(String(text)))
    throw refuse(path, false, `${shown} is not one of ${fact.choices.join(', ')}`);
  if (
    typeof text === 'string' &&
    pathOptions.has(key) &&
    text !== '-' &&
    !isAbsolute(text) &&
    !(key === 'rules' && isGatePresetName(text))
  ) {
    // Joined to the file's path as the user named it (or as found, relative to here), not
    // resolved: the same file, and the path a header or a `wrote` line prints stays relative.
    return join(dirname(file.shown), text);
  }
  return text;
}

/**
 * Refuses a value that the option's own coerce refuses, with the flag's message
 * (`--markdown-limit takes …`) at the file's pointer. The value itself goes to yargs
 * as it is: yargs coerces it as it coerces a flag's.
 */
function assertCoerces(file: ConfigFile, path: string[], value: unknown, coerce: (value: unknown) => unknown): void {
  try {
    coerce(value);
  } catch (error) {
    throw refusal(file)(
      path,
      false,
      isCspmError(error) ? error.detail : error instanceof Error ? error.message : String(error),
    );
  }
}

function unknownKeyMessage(key: string, known: readonly string[]): string {
  const kebab = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const meant = known.includes(kebab) ? kebab : closestName(key, known);
  const hint = meant === undefined ? `the keys are ${known.join(', ')}` : `did you mean "${meant}"?`;
  return `unknown key "${key}"; ${hint} (keys are spelled as the long options)`;
}

function secretMessage(key: string): string {
  const source = Object.values(secretSources).find((candidate) => candidate.flag === `${key}-file`);
  const where =
    source === undefined
      ? 'the environment or a file named by its --…-file option'
      : `${source.variable} or a file named by --${source.flag}`;
  return `a config file carries no secret, since it is shared and often committed: give "${key}" in ${where}`;
}

/** A usage error at `path` of the file: `file:line:column: /pointer: message`. */
function refusal(file: ConfigFile): (path: readonly string[], atKey: boolean, message: string) => CspmError {
  return (path, atKey, message) => {
    const full = [...file.within, ...path];
    const pointer = full.map((token) => `/${escapePointerToken(token)}`).join('');
    const position = locateInConfig(file.text, full, atKey);
    return new CspmError('usage', `${file.shown}${position}: ${pointer === '' ? '' : `${pointer}: `}${message}`, {
      data: { path: file.shown },
    });
  };
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
