import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { renderHtmlView } from '../../../src/render/html/render-html.js';
import { comparison, hostileTitle } from './comparison.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function hasClass(element: Element, name: string): boolean {
  return (attribute(element, 'class') ?? '').split(/\s+/).includes(name);
}

function elements(root: Node, test: (element: Element) => boolean, found: Element[] = []): Element[] {
  if (isElement(root) && test(root)) found.push(root);
  for (const child of 'childNodes' in root ? root.childNodes : []) elements(child, test, found);
  return found;
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}

const words = (node: Node): string => textOf(node).replace(/\s+/g, ' ').trim();

/** The page parsed as a browser would, with its report section and the Changes section in it. */
function readPage(html: string) {
  const document = parse(html);
  const report = elements(document, (element) => element.tagName === 'section' && hasClass(element, 'report'))[0];
  if (!report) throw new Error('no report section');
  const changes = elements(report, (element) => element.tagName === 'section' && hasClass(element, 'changes'))[0];
  return { document, report, changes };
}

describe('the HTML page of a comparison, parsed with parse5', () => {
  it('has a Changes section after the summary with a row per change, colour chips that carry their words', async () => {
    const { view, diff } = await comparison();
    const { report, changes } = readPage(renderHtmlView(view, {}));
    expect(changes).toBeDefined();
    expect(attribute(changes!, 'id')).toBe('r1-changes');
    // After the report's summary, before its categories.
    const headings = elements(report, (element) => element.tagName === 'h3').map(words);
    expect(headings.slice(0, 3)).toEqual([
      'Executive summary',
      'Changes since the scan of 2024-03-11 06:40 UTC',
      'Categories',
    ]);
    expect(words(changes!)).toContain('33.7% → 31.7% (−2.0 points)');
    expect(elements(changes!, (element) => hasClass(element, 'change-count')).map(words)).toEqual([
      '3 regressions',
      '2 new failures',
      '2 fixes',
      '1 coverage change',
      '0 new policies',
      '1 removed policy',
      '119 unchanged',
    ]);

    const table = elements(changes!, (element) => element.tagName === 'table' && hasClass(element, 'change-table'))[0]!;
    const rows = elements(
      table,
      (element) => element.tagName === 'tr' && elements(element, (cell) => cell.tagName === 'td').length > 0,
    );
    const expected = diff.reports[0]!.changes;
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, index) => {
      const transition = elements(row, (cell) => cell.tagName === 'td' && hasClass(cell, 'transition'))[0]!;
      const change = expected[index]!;
      expect(words(transition)).toBe(`${change.old?.compliance ?? 'new'} → ${change.new?.compliance ?? 'removed'}`);
      const badges = elements(transition, (element) => hasClass(element, 'badge'));
      expect(badges).toHaveLength((change.old ? 1 : 0) + (change.new ? 1 : 0));
      for (const badge of badges) {
        // A chip is coloured by its class and always says its colour.
        expect(hasClass(badge, `badge-${words(badge).toLowerCase()}`)).toBe(true);
      }
    });
    expect(words(rows[0]!)).toMatch(
      /^Regression High 1000\.3 Ensure that soft delete is enabled for Recovery Services vaults Green → Red Azure - Business continuity and DR 2 \/ 2 → 0 \/ 2$/,
    );

    const categories = elements(
      changes!,
      (element) => element.tagName === 'table' && hasClass(element, 'category-change-table'),
    )[0]!;
    expect(words(categories)).toContain('Azure - Compute (IaaS) 27.3% 36.4% +9.1 points 0 0 1 0');
    expect(words(categories)).toContain('Azure - Business continuity and DR 16.7% 0.0% −16.7 points 1 1 1 2');
  });

  it('escapes report text in the section as everywhere else', async () => {
    const { view } = await comparison(true);
    const html = renderHtmlView(view, {});
    const { document, changes } = readPage(html);
    expect(words(changes!)).toContain(hostileTitle);
    expect(
      elements(document, (element) => element.tagName === 'script' && attribute(element, 'type') === undefined),
    ).toHaveLength(1);
    expect(html).not.toContain('<script>window.__pwned');
  });

  it('is absent, with its stylesheet, without a diff', async () => {
    const { news } = await comparison();
    const html = renderHtmlView(buildViewModel(news), {});
    expect(readPage(html).changes).toBeUndefined();
    expect(html).not.toContain('.change-count');
  });
});
