import type { Finding } from '../../model/finding.js';

/** What one kind of note says, given how many items it is about. */
export interface NoteText {
  message: (count: number) => string;
  expected: unknown;
}

/**
 * Notes a reader takes of one document, kept to one finding per kind: a value missing
 * from every finding of a 100,000-finding file is said once, with how many findings it
 * is about and where the first is, never silently and never 100,000 times.
 */
export class DocumentNotes<Kind extends string> {
  private readonly seen = new Map<Kind, { pointer: string; count: number; actual: unknown }>();

  constructor(private readonly texts: Readonly<Record<Kind, NoteText>>) {}

  /** Notes one item of a kind, at its pointer, with the value found there. */
  add(kind: Kind, pointer: string, actual?: unknown): void {
    const note = this.seen.get(kind);
    if (note === undefined) this.seen.set(kind, { pointer, count: 1, actual });
    else note.count += 1;
  }

  /** One scanner-value warning per kind noted, at its first item. */
  findings(): Finding[] {
    return [...this.seen.entries()].map(([kind, note]) => ({
      rule: 'scanner-value',
      severity: 'warning',
      pointer: note.pointer,
      message: this.texts[kind].message(note.count),
      expected: this.texts[kind].expected,
      actual: note.actual,
    }));
  }
}
