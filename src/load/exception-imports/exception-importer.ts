import { dayNumber, dayOf, dayText } from '../../text/calendar-day.js';

/**
 * An exception as `exceptions import` drafts it from a peer's file: the fields of an
 * exceptions file entry, where each one the peer's file does not give says `TODO …`, so
 * that the file fails validation until a person fills it in. Nothing ungoverned slips in.
 */
export interface DraftException {
  id: string;
  /** The PolicyId, or a `TODO` where the peer named a pattern of checks. */
  policy: string;
  accounts: string[];
  reason: string;
  owner: string;
  approvedBy: string;
  approved: string;
  expires: string;
  /** Comment lines written above the entry: where it came from and what the peer's entry said that ours cannot. */
  notes: string[];
}

/** What an importer made of a peer's file. */
export interface ImportedExceptions {
  drafts: DraftException[];
  /** Comment lines for the file as a whole: what was left out, and why. */
  notes: string[];
}

/** A reader of one peer's ignore, mute or waiver file: one file in this folder and one line in the registry. */
export interface ExceptionImporter {
  /** One line for help: whose file, in what form. */
  description: string;
  /** How messages name such a file (`Prowler mutelist`). */
  name: string;
  /** The top keys of such a file; undefined when its keys are the peer's ids (InSpec waivers). */
  topKeys?: readonly string[];
  /**
   * The drafts of the file's parsed value.
   *
   * @throws ImportProblem for a value not of this form
   */
  read(value: unknown): ImportedExceptions;
}

/** What is wrong in a peer's file, and where: the job turns it into an error naming the file, line and column. */
export class ImportProblem extends Error {
  /**
   * @param pointer RFC 6901 pointer of the value at fault (`''` for the document)
   * @param what    what is wrong with it
   */
  constructor(
    readonly pointer: string,
    readonly what: string,
  ) {
    super(`${pointer || '(document)'}: ${what}`);
  }
}

/** The TODO an importer writes for a field the peer's file does not give. */
export function todo(what: string): string {
  return `TODO: ${what}`;
}

/** The fields no peer's file gives: who owns and approved the risk, and when. */
export function ungoverned(): Pick<DraftException, 'owner' | 'approvedBy' | 'approved'> {
  return {
    owner: todo('who answers for the risk'),
    approvedBy: todo('who approved it (not the owner)'),
    approved: todo('the day it was approved, YYYY-MM-DD'),
  };
}

/** The id of the `index`th draft of an import: `MUTELIST-001`. */
export function draftId(prefix: string, index: number): string {
  return `${prefix}-${String(index + 1).padStart(3, '0')}`;
}

/** True when a check name is a pattern (a glob or a regular expression), not one PolicyId. */
export function isPattern(name: string): boolean {
  return /[*?|()[\]{}^$+\\]/.test(name);
}

/**
 * The last day an exception applies, from a peer's expiry (a `YYYY-MM-DD` day or an ISO
 * timestamp): the peers stop ignoring a finding when that instant comes, a bare day at its
 * start (UTC), so the last day it applies is the one before. Reading it a day shorter than
 * a peer might is the side that fails closed.
 *
 * @param label how the note names the peer's field (`Trivy's expired_at`)
 */
export function lastDayBefore(value: unknown, pointer: string, label: string): { expires: string; note: string } {
  const text = value instanceof Date ? value.toISOString() : String(value);
  const day = dayNumber(text);
  const instant = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
  if (day === undefined && Number.isNaN(instant)) {
    throw new ImportProblem(pointer, `"${text}" is no day (YYYY-MM-DD) nor time (ISO 8601)`);
  }
  // A bare day stops applying as it begins: the day before is the last; a time, on the day of the instant before it.
  const expires = dayText(day !== undefined ? day - 1 : dayOf(new Date(instant - 1)));
  return { expires, note: `${label} ${text} (it stops applying then) is expires ${expires}, the last day it applies` };
}

/** The value as a plain mapping, or an ImportProblem at `pointer`. */
export function mappingAt(value: unknown, pointer: string, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ImportProblem(pointer, `must be a mapping (${what})`);
  return value as Record<string, unknown>;
}

/** The value as a list of strings (a missing one is empty), or an ImportProblem at `pointer`. */
export function stringsAt(value: unknown, pointer: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw new ImportProblem(pointer, 'must be a list of strings');
  return value as string[];
}
