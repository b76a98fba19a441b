import { utf8Length } from './markdown-cell.js';

/**
 * The characters `--format markdown` may take by default and the range `--markdown-limit`
 * accepts. GitHub refuses a pull-request comment above 65,536 characters and GitLab a
 * note above 1,000,000; below 16,384 the verdict, the summary tables and the notes of
 * what was left out may not fit. Characters are UTF-16 code units, as JavaScript counts
 * them: never fewer than code points, so a text within the limit in code units is within
 * it however the receiving side counts.
 */
export const markdownLimitRange = { min: 16_384, max: 1_000_000, default: 65_536 } as const;

/**
 * UTF-8 bytes a step summary may take. GitHub refuses a step summary above 1 MiB whole;
 * half of it leaves room for what other steps' tools append to the same file.
 */
export const maxSummaryBytes = 512 * 1024;

/**
 * The characters a note of what was left out may take, the path it names included: each
 * list keeps this much back for its own note, and the end of the text for the notes of
 * lists that did not fit at all.
 */
export const maxNoteLength = 800;

/**
 * Lists whose notes the end of the text keeps room for: assertions, changes, findings, reports, unpaired reports,
 * files.
 */
const listCount = 6;

/**
 * Lines of a Markdown text that stays within its characters (and bytes, when given).
 * `add` takes a line only while it fits with room left for the notes of what was left
 * out; `force` takes the lines that must be there (the verdict, the summary tables and
 * those notes), which the room kept back pays for.
 */
export class MarkdownBudget {
  /** The lines taken, in order; a line may hold line breaks of its own. */
  readonly lines: string[] = [];
  private characters = 0;
  private bytes = 0;
  private readonly maxCharacters: number;
  private readonly maxBytes: number;

  /**
   * @param moreLists lists beyond the usual six whose notes the end keeps room for (a run's accepted risks), so that
   * the text of a run without them stays as it was
   */
  constructor(characters: number, bytes = Number.POSITIVE_INFINITY, moreLists = 0) {
    const reserve = (listCount + moreLists) * maxNoteLength;
    this.maxCharacters = characters - reserve;
    // A UTF-16 code unit is at most three bytes of UTF-8.
    this.maxBytes = bytes - 3 * reserve;
  }

  /** Adds the line if it fits with `keep` more characters, and tells whether it did. */
  add(line: string, keep = 0): boolean {
    const characters = line.length + 1;
    if (this.characters + characters + keep > this.maxCharacters) return false;
    const bytes = this.maxBytes === Number.POSITIVE_INFINITY ? 0 : utf8Length(line) + 1;
    if (this.bytes + bytes + 3 * keep > this.maxBytes) return false;
    this.characters += characters;
    this.bytes += bytes;
    this.lines.push(line);
    return true;
  }

  /** Adds a line that must be there, whatever is left. */
  force(line: string): void {
    this.characters += line.length + 1;
    this.bytes += utf8Length(line) + 1;
    this.lines.push(line);
  }

  /** The text, ending with a newline. */
  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}
