import { readdirSync, readFileSync } from 'node:fs';

/**
 * The documentation: the front page and the pages of `docs/`. Tests of examples, links,
 * snippets and figures read it through here, so that a page added to `docs/` is tested
 * like the README without a test naming it.
 */
export interface Page {
  /** The path from the repository's root: `README.md`, `docs/gates.md`. */
  path: string;
  text: string;
}

/** README.md first, then every `docs/*.md` in name order. */
export function documentationPages(): Page[] {
  const docs = readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs].map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

/** The page at `path` (README.md or docs/…), read now. */
export function page(path: string): Page {
  return { path, text: readFileSync(path, 'utf8') };
}

/** A line outside fenced code blocks, with its 1-based number. */
export interface ProseLine {
  line: number;
  text: string;
}

/** The lines of `markdown` that are not inside a fenced code block (fences excluded). */
export function proseLines(markdown: string): ProseLine[] {
  let fenced = false;
  const lines: ProseLine[] = [];
  markdown.split('\n').forEach((text, index) => {
    if (/^```/.test(text)) fenced = !fenced;
    else if (!fenced) lines.push({ line: index + 1, text });
  });
  return lines;
}

/** A heading outside code: its level, its text as written, its line. */
export interface Heading {
  level: number;
  title: string;
  line: number;
}

export function headings(markdown: string): Heading[] {
  return proseLines(markdown).flatMap(({ line, text }) => {
    const match = /^(#{1,6}) (.+?)\s*$/.exec(text);
    return match ? [{ level: match[1]!.length, title: match[2]!, line }] : [];
  });
}

/**
 * The anchor GitHub gives a heading: its text without Markdown (code ticks, link
 * targets), lower-cased, punctuation and symbols (emoji included) dropped, each space a
 * hyphen; a repeated anchor gets `-1`, `-2`, … as github-slugger numbers them.
 */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const heading of headings(markdown)) {
    const base = heading.title
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/**
 * The section under the heading whose text is `title` (the first page that has one), up
 * to the next heading of the same or a higher level. Throws when no page has it, so that
 * a test reading a section fails by name when the section moves away or is renamed.
 */
export function section(title: string, pages: Page[] = documentationPages()): Page {
  for (const candidate of pages) {
    const all = headings(candidate.text);
    const index = all.findIndex((heading) => heading.title === title);
    if (index < 0) continue;
    const start = all[index]!;
    const end = all.slice(index + 1).find((heading) => heading.level <= start.level);
    const lines = candidate.text.split('\n');
    return { path: candidate.path, text: lines.slice(start.line - 1, end ? end.line - 1 : lines.length).join('\n') };
  }
  throw new Error(`no page of the documentation has a heading "${title}"`);
}
