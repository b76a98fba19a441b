/**
 * What a config file may set, and which of its values weaken a verdict. A config file
 * sets the defaults of how a command judges and lays out its result; it never changes
 * what the command is: what it reads, where and in what form it writes, whether it runs
 * as one shard of several, or where the service's credentials go.
 *
 * Pure: every fact comes from the caller (the option's declaration, how the file was
 * found), so that the decisions can be tested one by one.
 */

import { defaultExpiryWarningDays } from '../../analyse/exceptions/judge-exceptions.js';
import { defaultMaxExceptionDays } from '../../validate/exceptions/exceptions-of.js';

/** Why an option stays on the command line, each with the words that tell it. */
const commandLineOnlyReasons = {
  input: 'it names what the command reads',
  output: 'it names where the command writes',
  format: 'it sets the form of what the command writes',
  shard: 'it makes the command write one shard of a result, not a verdict',
  command: 'it changes what the command does',
} as const;

/** Why an option is refused in a config file. */
export type CommandLineOnly = keyof typeof commandLineOnlyReasons;

/**
 * The declared options (not positional arguments: those are inputs, always) that say
 * what a command reads, writes or is, by their long name, across every command. An
 * option not named here, and not positional, is one a config file may set.
 */
const commandLineOnlyOptions: Readonly<Record<string, CommandLineOnly>> = {
  shard: 'shard',
  format: 'format',
  output: 'output',
  'out-dir': 'output',
  result: 'output',
  baseline: 'input',
  accounts: 'input',
  body: 'input',
  reports: 'input',
  site: 'input',
  preset: 'input',
  'stdin-name': 'input',
  license: 'input',
  account: 'input',
  job: 'input',
  benchmark: 'input',
  'list-presets': 'command',
  // merge: whether the shards' files are checked again, and which run the shards are of.
  'inputs-absent': 'command',
  fleet: 'output',
  'run-id': 'input',
};

/** How a config file was found: named with `--config`, or found from the working directory upward. */
export type ConfigFound = 'named' | 'search';

/** What the scope needs to know of an option, from its declaration. */
export interface ScopeFact {
  /** A positional argument (`inputs`, `old`, `partials`…): what the command reads. */
  positional: boolean;
  /** It sends the service's credentials, or names a file of one (`base-url`, `api-key-file`). */
  credential: boolean;
}

/**
 * Why a config file may not set `key`, or undefined when it may. A credential is taken
 * only from a file named with `--config`: a file found by search could be anyone's.
 */
export function refusedKey(key: string, fact: ScopeFact, found: ConfigFound): string | undefined {
  const role: CommandLineOnly | undefined = fact.positional ? 'input' : own(commandLineOnlyOptions, key);
  if (role !== undefined)
    return `a config file does not set "${key}", since ${commandLineOnlyReasons[role]}: give it on the command line`;
  if (fact.credential && found === 'search') {
    return `a config file found by search does not set "${key}", since it decides where the service's credentials go: name the file with --config, or give --${key} on the command line`;
  }
  return undefined;
}

/** The levels of `--fail-on`, the strictest first: below `error` (1, the default) a run lets errors pass. */
const failOnStrictness: Readonly<Record<string, number>> = { warning: 2, error: 1, never: 0 };

/**
 * The percent formulas by whether their percent can be above the default's
 * (green-of-assessed, Green / (Total − Gray)) for the same counts: a gate's minimum of
 * compliance is then met more easily. Green / Total never is (Gray only adds to the
 * denominator); the resources' ratio counts other things and can be.
 */
const laxerFormulas: Readonly<Record<string, boolean>> = {
  'green-of-assessed': false,
  'green-of-total': false,
  'passed-resources': true,
};

/** The levels of `--rule id=…`, the strictest first. */
const ruleStrictness: Readonly<Record<string, number>> = { error: 2, warning: 1, off: 0 };

/**
 * Whether exceptions can change a command's verdict, by command. A gate, a diff and a merge
 * (a gate of shards) set accepted risks apart from what fails them; check, render, trend
 * and fetch judge the data, which exceptions never change: they only mark the outputs.
 */
const verdictTakesExceptions: Readonly<Record<string, boolean>> = {
  gate: true,
  diff: true,
  merge: true,
  check: false,
  render: false,
  trend: false,
  fetch: false,
};

/** The keys of accepted risks: they weaken only where exceptions can change the verdict. */
const exceptionKeys = new Set(['exceptions', 'max-exception-days', 'expiry-warning']);

/**
 * True when `value` of `key` in a config file weakens the verdict of `command`: a rule
 * turned off or down from its default severity, `fail-on` below `error`, an `allow-…`
 * option on, a percent formula that can state more compliance than the default, the
 * check of fetched reports turned off, a scanner's results read per compliance framework
 * (`framework`: the checks it does not map are left out), and, where exceptions can change the verdict
 * (gate, diff, merge), exceptions (accepted risks), a longer exception or a shorter expiry
 * warning than the defaults. Fails closed: a rule, level or command it does not know weakens.
 *
 * @param defaultSeverityOf the default severity of a rule id, undefined for an unknown one
 * @param command           the command run (`gate`), whose verdict the value would weaken
 */
export function weakens(
  key: string,
  value: unknown,
  defaultSeverityOf: (rule: string) => string | undefined,
  command: string,
): boolean {
  if (key.startsWith('allow-')) return value !== false;
  if (exceptionKeys.has(key) && own(verdictTakesExceptions, command) === false) return false;
  switch (key) {
    case 'fail-on':
      return (own(failOnStrictness, String(value)) ?? 0) < 1;
    case 'percent-formula':
      return own(laxerFormulas, String(value)) ?? true;
    case 'check':
      return value === false;
    // A scanner's results read per framework leave out every check the framework does not map.
    case 'framework':
      return value !== undefined && value !== '';
    // Accepted risks leave the counts a verdict holds: any exceptions file from a config file weakens.
    case 'exceptions':
      return !Array.isArray(value) || value.length > 0;
    // A longer run than the default lets older approvals stand; a shorter warning hides an expiry nearer.
    case 'max-exception-days':
      return !(Number(value) <= defaultMaxExceptionDays);
    case 'expiry-warning':
      return !(Number(value) >= defaultExpiryWarningDays);
    case 'rule':
      return (Array.isArray(value) ? value : [value]).some((setting) =>
        weakensRule(String(setting), defaultSeverityOf),
      );
    default:
      return false;
  }
}

/** True when `id=level` sets the rule below its default severity (or names what is unknown). */
function weakensRule(setting: string, defaultSeverityOf: (rule: string) => string | undefined): boolean {
  // Stryker disable next-line StringLiteral: any default that names no level reads as none, as '' does
  const [id = '', level = ''] = setting.split('=', 2);
  const given = own(ruleStrictness, level);
  // Stryker disable next-line StringLiteral: the same
  const usual = own(ruleStrictness, defaultSeverityOf(id) ?? '');
  return given === undefined || usual === undefined || given < usual;
}

/** A table's own entry for `key`: never one of Object's (`toString`, `constructor`). */
function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
