import type { ParsedYamlText } from '../../load/yaml/parse-yaml-text.js';
import type { RiskException } from '../../model/exceptions.js';
import { dayNumber } from '../../text/calendar-day.js';
import { escapePointerToken } from '../../text/pointer-token.js';
import { errorPointer, pickSchemaError } from '../pick-schema-error.js';
import { describeExceptionsSchemaError } from './exceptions-schema-text.js';
import { validateExceptionsShape } from './exceptions-schema.js';

/** The longest an exception may run, from its approval to its expiry, unless a run says otherwise. */
export const defaultMaxExceptionDays = 365;

/** An exception's entry as the schema lets it through: one policy or a list, and no place in a file yet. */
type ExceptionEntry = Omit<RiskException, 'policies' | 'file' | 'pointer'> & { policy?: string; policies?: string[] };

/** The words a reason needs at least: a sentence, not a placeholder (`n/a`, `TODO`). */
const reasonWords = 3;

/**
 * The exceptions of a parsed exceptions file, checked: its shape against the published
 * schema, then what a schema cannot say. Dates are days of the calendar; the expiry is
 * not before the approval and at most `maxDays` after it; the approver is not the owner;
 * the reason is a sentence; ids are unique within the file (across files, see the job).
 * Anything wrong is a CspmError `exceptions-invalid` naming the file, line, column and
 * JSON Pointer: a file that does not check never counts as "no exceptions".
 */
export function exceptionsOf(parsed: ParsedYamlText, file: string, maxDays = defaultMaxExceptionDays): RiskException[] {
  const todo = firstTodo(parsed.value, '');
  if (todo !== undefined)
    fail(
      parsed,
      todo,
      'still says TODO: fill it in (an imported exception needs a reason, an owner, an approver and its dates before it counts)',
    );
  const error = pickSchemaError(validateExceptionsShape(parsed.value));
  if (error) {
    const { pointer, atKey } = errorPointer(error);
    fail(parsed, pointer, describeExceptionsSchemaError(error), atKey);
  }
  const entries = (parsed.value as { exceptions: ExceptionEntry[] }).exceptions;
  const seen = new Map<string, string>();
  return entries.map((entry, index) => {
    const pointer = `/exceptions/${index}`;
    const earlier = seen.get(entry.id);
    if (earlier !== undefined)
      fail(parsed, `${pointer}/id`, `id "${entry.id}" is also the id of ${earlier}; each exception needs its own`);
    seen.set(entry.id, pointer);
    checkEntry(parsed, entry, pointer, maxDays);
    return exceptionFrom(entry, file, pointer);
  });
}

/**
 * The pointer of the first value that starts with `TODO`: what `exceptions import` writes
 * where the peer's file had no owner, approver, date or reason. Checked before the
 * schema, so that the message says what to do rather than "must be a day".
 */
function firstTodo(value: unknown, pointer: string): string | undefined {
  if (typeof value === 'string') return /^TODO\b/.test(value.trim()) ? pointer : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = firstTodo(item, `${pointer}/${escapePointerToken(key)}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

function checkEntry(parsed: ParsedYamlText, entry: ExceptionEntry, pointer: string, maxDays: number): void {
  const approved = dayNumber(entry.approved);
  if (approved === undefined) fail(parsed, `${pointer}/approved`, `"${entry.approved}" is no day of the calendar`);
  const expires = dayNumber(entry.expires);
  if (expires === undefined) fail(parsed, `${pointer}/expires`, `"${entry.expires}" is no day of the calendar`);
  if (expires < approved)
    fail(parsed, `${pointer}/expires`, `expires ${entry.expires}, before it was approved (${entry.approved})`);
  if (expires - approved > maxDays) {
    fail(
      parsed,
      `${pointer}/expires`,
      `expires ${expires - approved} days after it was approved; an exception runs at most ${maxDays} days (--max-exception-days): renew it when it ends`,
    );
  }
  if (sameParty(entry.owner, entry.approvedBy))
    fail(parsed, `${pointer}/approvedBy`, `approved by its owner (${entry.owner}); someone else approves a risk`);
  if (entry.reason.trim().split(/\s+/).length < reasonWords)
    fail(parsed, `${pointer}/reason`, 'must say why the risk is accepted, in a sentence');
}

/** Whether two names are one party, letter case and outer spaces aside (`Net-Team@x` is `net-team@x`). */
function sameParty(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function exceptionFrom(entry: ExceptionEntry, file: string, pointer: string): RiskException {
  const { policy, policies, benchmark, category, ticket } = entry;
  return {
    id: entry.id,
    policies: policies ?? [policy as string],
    accounts: entry.accounts,
    ...(benchmark === undefined ? {} : { benchmark }),
    ...(category === undefined ? {} : { category }),
    reason: entry.reason,
    owner: entry.owner,
    approvedBy: entry.approvedBy,
    approved: entry.approved,
    expires: entry.expires,
    ...(ticket === undefined ? {} : { ticket }),
    file,
    pointer,
  };
}

/** Refuses the exceptions file at `pointer` (see ParsedYamlText.refuse). */
function fail(parsed: ParsedYamlText, pointer: string, what: string, atKey = false): never {
  return parsed.refuse(pointer, what, atKey);
}
