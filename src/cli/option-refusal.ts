import { CspmError } from '../index.js';

/**
 * What a coerce function throws to refuse an option's value: a usage error naming the
 * option and the value. yargs keeps only the message of what a coerce throws, so its
 * parse error starts with the code's summary; {@link refusalDetail} takes that off.
 */
export function optionRefusal(option: string, value: unknown, detail: string): CspmError<'usage'> {
  return new CspmError('usage', detail, { data: { option, value: Array.isArray(value) ? value.map(String).join(', ') : String(value) } });
}

// Derived from the class, so that it follows the summary of `usage` wherever it is written.
const usagePrefix = new CspmError('usage', '', { data: {} }).message;

/**
 * The detail of a refusal's message, as the line of a parse error (`--jobs takes …`);
 * any other message as it is. The command line prints it where yargs's own parse errors go.
 */
export function refusalDetail(message: string): string {
  return message.startsWith(usagePrefix) ? message.slice(usagePrefix.length) : message;
}
