import { closestName } from '../internal.js';
import type { CommandFacts } from './command-facts.js';
import { refusalDetail } from './option-refusal.js';

/** What a parse error message can name: the commands, and the options of the command given. */
export interface ParseContext {
  args: readonly string[];
  commands: readonly string[];
  options: readonly string[];
  /** What the command given declares, when it is one of ours: its arguments and examples. */
  command?: CommandFacts;
}

/**
 * yargs's parse errors as one line that names the option, the value given and the
 * valid choices, with the closest valid name when there is one. yargs says
 * "Invalid values:" on a line of its own and the details on the next; a mistyped
 * command comes as "Unknown argument: chek".
 */
export function describeParseError(message: string, context: ParseContext): string {
  if (message.startsWith('Invalid values:')) {
    const lines = message
      .split('\n')
      .slice(1)
      .map(describeInvalidValue)
      .filter((line) => line !== '');
    if (lines.length > 0) return lines.join('; ');
  }
  const missing = /^Missing required arguments?: (.+)$/.exec(message);
  if (missing?.[1] !== undefined && context.command) return describeMissing(missing[1].split(', '), context.command);
  const tooFew = /^Not enough non-option arguments: got (\d+), need at least (\d+)$/.exec(message);
  if (tooFew?.[1] !== undefined && tooFew[2] !== undefined && context.command)
    return describeTooFew(Number(tooFew[1]), Number(tooFew[2]), context.command);
  const unknown = /^Unknown arguments?: (.+)$/.exec(message);
  if (unknown?.[1] !== undefined) {
    // yargs names a dashed option twice, as given and camel-cased (fial-on, fialOn): the second is no argument of the
    // user's.
    const given = unknown[1].split(', ');
    const names = given.filter(
      (name) => !given.some((other) => other !== name && other.includes('-') && camelCase(other) === name),
    );
    // A mistyped command makes its own arguments unknown too; the command is what to fix.
    const command = names.find((name) => name === context.args[0]);
    return (command !== undefined ? [command] : names).map((name) => describeUnknown(name, context)).join('; ');
  }
  const line = message.split('\n')[0] ?? message;
  // A coerce function's refusal (option-refusal.ts) reads as yargs's own errors do.
  return refusalDetail(line);
}

function describeInvalidValue(line: string): string {
  const match = /^\s*Argument: (.+?), Given: (.*)$/.exec(line);
  if (!match?.[1] || match[2] === undefined) return '';
  const { given, choices } = splitValues(match[2]);
  return given
    .filter((value) => !choices.includes(value))
    .map((value) => {
      const suggestion = closestName(value, choices);
      const hint = suggestion === undefined ? '' : `; did you mean ${suggestion}?`;
      return `--${match[1]} ${JSON.stringify(value)} is not one of ${choices.join(', ')}${hint}`;
    })
    .join('; ');
}

/** yargs lists values JSON-quoted: `"docx", "PDF", Choices: "html", "pdf"`. */
function splitValues(text: string): { given: string[]; choices: string[] } {
  const given: string[] = [];
  const choices: string[] = [];
  let list = given;
  for (const token of text.matchAll(/"(?:[^"\\]|\\.)*"|, Choices: /g)) {
    if (token[0] === ', Choices: ') list = choices;
    else list.push(String(JSON.parse(token[0])));
  }
  return { given, choices };
}

function describeUnknown(name: string, context: ParseContext): string {
  if (context.args[0] === name && !name.startsWith('-')) {
    const suggestion = closestName(name, context.commands);
    const hint = suggestion === undefined ? '' : `did you mean ${suggestion}? `;
    return `unknown command "${name}"; ${hint}The commands are ${context.commands.join(', ')}`;
  }
  const option = name.length === 1 ? `-${name}` : `--${name}`;
  if (!context.args.some((arg) => arg === option || arg.startsWith(`${option}=`)))
    return `unexpected argument "${name}"`;
  const suggestion = closestName(name, context.options);
  return `unknown option ${option}${suggestion === undefined ? '' : `; did you mean --${suggestion}?`}`;
}

function camelCase(name: string): string {
  return name.replace(/-+([^-])/g, (_match, letter: string) => letter.toUpperCase());
}

/** `missing --rules (gate rules: …); for example: cspm-report gate reports/ --rules gate-rules.yaml`. */
function describeMissing(names: readonly string[], command: CommandFacts): string {
  const parts = names.map((name) => {
    const description = command.descriptions[name];
    return `--${name}${description === undefined ? '' : ` (${description})`}`;
  });
  return `${command.name} needs ${parts.join(' and ')}${exampleWith(
    command,
    names.map((name) => `--${name}`),
  )}`;
}

/** `diff needs 2 arguments, <old> and <new>, got 1; for example: cspm-report diff last-week.json today.json`. */
function describeTooFew(got: number, need: number, command: CommandFacts): string {
  const wanted = command.positionals.filter((positional) => positional.startsWith('<'));
  const named = wanted.map((positional) => {
    const description = command.descriptions[positional.replace(/^<|(\.\.)?>$/g, '')];
    return description === undefined ? positional : `${positional} (${description})`;
  });
  const what =
    need === 1 && wanted[0]?.endsWith('..>')
      ? `at least one argument, ${named.join('')}`
      : `${need} argument${need === 1 ? '' : 's'}, ${named.join(' and ')}`;
  return `${command.name} needs ${what}; got ${got === 0 ? 'none' : got}${exampleWith(command, [])}`;
}

/** `; for example: …` with the command's first example that uses every one of `words`, if any. */
function exampleWith(command: CommandFacts, words: readonly string[]): string {
  const example = command.examples.find((line) => words.every((word) => line.split(/\s+/).includes(word)));
  return example === undefined ? '' : `; for example: ${example}`;
}
