import { plural } from '../../text/plural.js';
import { type MarkdownBudget, maxNoteLength } from './markdown-budget.js';
import { markdownText, tableRow } from './markdown-cell.js';

/** A list of a Markdown text, its items already in the order they are worth showing, worst first. */
export interface MarkdownList<T> {
  /** Its heading, without the `###`: Markdown of at most 100 characters. */
  heading: string;
  /** Its table's column names; a list without is written as bullets. */
  columns?: readonly string[];
  items: readonly T[];
  /** The item as a table row or a bullet line. */
  line(item: T): string;
  /**
   * The items counted, when some stand for more than one (findings past the listing limit); the items' number
   * otherwise.
   */
  total?: number;
  /** What an item is called, one and many: `['change', 'changes']`. */
  noun: readonly [string, string];
  /** What the complete output lists of them, when it does not list every one. */
  listed?: string;
}

/** Where every item can be read: the run's own text or JSON file, else the formats that list them. */
export function completeOutputText(completeOutput: string | undefined): string {
  return completeOutput === undefined ? '`--format text` or `--format json`' : markdownText(completeOutput, 80);
}

/**
 * Writes `list` while its lines fit the budget: its heading and table head, then items
 * in their order until one does not fit, then `… and N more`, naming `where` every item
 * is. A list whose heading does not fit is only counted, in the room the budget kept back.
 */
export function writeList<T>(out: MarkdownBudget, list: MarkdownList<T>, where: string): void {
  const total = list.total ?? list.items.length;
  if (total === 0) return;
  const head =
    list.columns === undefined
      ? `\n### ${list.heading}\n`
      : `\n### ${list.heading}\n\n${tableRow(list.columns)}\n${tableRow(list.columns.map(() => '---'))}`;
  let shown = 0;
  if (out.add(head, maxNoteLength)) {
    while (shown < list.items.length && out.add(list.line(list.items[shown]!), maxNoteLength)) shown += 1;
  }
  if (total <= shown) return;
  const [one, many] = list.noun;
  const more =
    shown === 0
      ? `${list.heading}: ${plural(total, one, many)} not shown`
      : `… and ${plural(total - shown, `more ${one}`, `more ${many}`)}`;
  out.force(`\n_${more}, to keep this text within its size: ${where} ${list.listed ?? 'lists every one'}._`);
}
