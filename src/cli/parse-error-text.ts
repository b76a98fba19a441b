import { closestName } from './closest-name.js';

/** What a parse error message can name: the commands, and the options of the command given. */
export interface ParseContext {
  args: readonly string[];
  commands: readonly string[];
  options: readonly string[];
}

/**
 * yargs's parse errors as one line that names the option, the value given and the
 * valid choices, with the closest valid name when there is one. yargs says
 * "Invalid values:" on a line of its own and the details on the next; a mistyped
 * command comes as "Unknown argument: chek".
 */
export function describeParseError(message: string, context: ParseContext): string {
  if (message.startsWith('Invalid values:')) {
    const lines = message.split('\n').slice(1).map(describeInvalidValue).filter((line) => line !== '');
    if (lines.length > 0) return lines.join('; ');
  }
  const unknown = /^Unknown arguments?: (.+)$/.exec(message);
  if (unknown?.[1] !== undefined) {
    const names = unknown[1].split(', ');
    // A mistyped command makes its own arguments unknown too; the command is what to fix.
    const command = names.find((name) => name === context.args[0]);
    return (command !== undefined ? [command] : names).map((name) => describeUnknown(name, context)).join('; ');
  }
  return message.split('\n')[0] ?? message;
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
  if (!context.args.some((arg) => arg === option || arg.startsWith(`${option}=`))) return `unexpected argument "${name}"`;
  const suggestion = closestName(name, context.options);
  return `unknown option ${option}${suggestion === undefined ? '' : `; did you mean --${suggestion}?`}`;
}
