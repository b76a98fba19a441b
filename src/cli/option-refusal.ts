import { CspmError } from '../index.js';

/** The last refusal made: yargs hands back its message alone, as a parse error's. */
let lastRefusal: CspmError<'usage'> | undefined;

/**
 * What a coerce function throws to refuse an option's value: a usage error naming the
 * option and the value. yargs keeps only the message of what a coerce throws, so its
 * parse error starts with the code's summary; {@link refusalDetail} takes that off.
 */
export function optionRefusal(option: string, value: unknown, detail: string): CspmError<'usage'> {
  lastRefusal = new CspmError('usage', detail, {
    data: { option, value: Array.isArray(value) ? value.map(String).join(', ') : String(value) },
  });
  return lastRefusal;
}

/**
 * The line of a parse error: the detail of a coerce function's refusal (`--jobs takes …`),
 * as yargs's own errors read; any other message (a check's usage error among them) as it is.
 */
export function refusalDetail(message: string): string {
  return lastRefusal !== undefined && message === lastRefusal.message ? lastRefusal.detail : message;
}
