import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isCspmError } from '../../../src/index.js';
import { htmlRenderer, renderHtmlView } from '../../../src/render/html/render-html.js';
import { pageLimits } from '../../../src/render/html/page-plan.js';
import { generatedReports, hostileDocument, hostileView, viewOf } from './views.js';

function inlineText(html: string, tag: 'script' | 'style'): string {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html);
  if (!match?.[1]) throw new Error(`no inline ${tag}`);
  return match[1];
}

function jsonBlocks(html: string): string[] {
  return [...html.matchAll(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? '',
  );
}

describe('renderHtmlView', () => {
  it('escapes every text from the report', async () => {
    const html = renderHtmlView(await hostileView(), {});
    expect(html).toContain('&lt;script&gt;window.__pwned &#x3D; true&lt;/script&gt;');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;window.__pwned&#x3D;true&lt;/script&gt;');
    expect(html).toContain('&lt;img src&#x3D;x onerror&#x3D;&quot;window.__pwned&#x3D;true&quot;&gt;');
    expect(html).toContain('{{constructor.constructor(&#x27;window.__pwned&#x3D;true&#x27;)()}} {{&gt; evil}}');
    expect(html).toContain('Hostile &lt;b&gt;Benchmark&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('ストレージアカウントのアクセスキーを定期的にローテーションする');
    expect(html).toContain('تأكد من تدوير مفاتيح الوصول إلى حساب التخزين بانتظام');
    expect(html).not.toMatch(/<script>window|<img src|<b>Benchmark|<i>Azure/);
    // One executable script: the page's own.
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('embeds the rows as JSON that cannot end its script element and parses back', async () => {
    const html = renderHtmlView(await hostileView(), {});
    const blocks = jsonBlocks(html);
    expect(blocks.length).toBeGreaterThan(1);
    for (const block of blocks) {
      expect(block).not.toMatch(/[<>\u2028\u2029]/);
      expect(() => JSON.parse(block)).not.toThrow();
    }
    const data = JSON.parse(blocks.find((block) => block.includes('"policies"')) ?? 'null') as {
      policies: unknown[][];
    };
    expect(data.policies[0]?.[1]).toBe('<script>window.__pwned = true</script>');
  });

  it('allows only its own inline script and style, by hash', async () => {
    const html = renderHtmlView(await hostileView(), {});
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`script-src ${hash(inlineText(html, 'script'))}`);
    expect(policy).toContain(`style-src ${hash(inlineText(html, 'style'))}`);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
  });

  it('refers to nothing outside the page', async () => {
    const html = renderHtmlView(await viewOf(generatedReports(3, 4, 5)), {});
    expect(html).not.toMatch(/\b(?:src|href|action)="(?!#|data:)/);
    expect(html).not.toMatch(/@import|url\(/);
  });

  it('inlines the logo as a data URL', async () => {
    const view = await hostileView();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const html = renderHtmlView({ ...view, logo: { bytes, mediaType: 'image/png' } }, {});
    expect(html).toContain('<img class="logo" src="data:image/png;base64,iVBORw0KGgo&#x3D;" alt="">');
  });

  it('gives the same string for the same input', async () => {
    const view = await hostileView();
    expect(renderHtmlView(view, {})).toBe(renderHtmlView(await hostileView(), {}));
  });

  it('stamps the time of generation only when asked', async () => {
    const view = await hostileView();
    expect(renderHtmlView(view, {})).not.toContain('generated 20');
    const stamped = renderHtmlView({ ...view, generatedAt: '2025-01-02T03:04:05.000Z' }, {});
    expect(stamped).toContain('generated <time datetime="2025-01-02T03:04:05.000Z">2025-01-02 03:04 UTC</time>');
  });

  it('shows the formula in force and the findings, escaped', async () => {
    const document = hostileDocument();
    const report = document.result[0] as { ResourceCategories: { Total: number }[] };
    const first = report.ResourceCategories[0];
    if (!first) throw new Error('fixture changed');
    first.Total = 99;
    const view = await viewOf(document, 'broken <b>file<b>.json');
    expect(view.findings.length).toBeGreaterThan(0);
    const html = renderHtmlView(view, {});
    const quality = html.slice(html.indexOf('id="data-quality"'));
    expect(quality).toContain('Green / (Total − Gray) × 100');
    expect(quality).toContain('category-total');
    expect(quality).toContain('broken &lt;b&gt;file&lt;b&gt;.json /result/0/ResourceCategories/0/Total');
    expect(quality).toContain('&lt;script&gt;alert(&quot;category&quot;)&lt;/script&gt;');
  });

  it('shows colours as words as well as colours', async () => {
    const html = renderHtmlView(await hostileView(), {});
    expect(html).toContain('<span class="badge badge-red">Red</span>');
    expect(html).toContain('<span class="badge badge-gray">Gray</span>');
    expect(html).toMatch(/<text class="seg-count seg-count-green"[^>]*>3<\/text>/);
  });

  it('writes a section per report and a roll-up across them', async () => {
    const html = renderHtmlView(await viewOf(generatedReports(3, 2, 4)), {});
    expect(html).toContain('id="overview"');
    expect(html).toContain('Overview of 3 benchmark reports');
    for (const anchor of ['r1', 'r2', 'r3']) expect(html).toContain(`<section class="report" id="${anchor}"`);
  });

  it('bounds the static rows of a large document and says so', async () => {
    const reports = pageLimits.fullSections + 5;
    const html = renderHtmlView(await viewOf(generatedReports(reports, 3, 100)), {});
    expect(html).toContain(`Showing the first ${pageLimits.policyRowsPerTable} of 300 policies.`);
    expect(html).toContain(`the first ${pageLimits.fullSections} reports in full`);
    expect(html.match(/<section class="report report-lazy"/g)).toHaveLength(5);
    const staticPolicyRows = html.match(/<td class="title"/g) ?? [];
    expect(staticPolicyRows.length).toBe(pageLimits.policyRowsInPage);
  });

  it('bounds the category table and chart of a report with many categories', async () => {
    const html = renderHtmlView(await viewOf(generatedReports(1, 1_000, 1)), {});
    expect(html).toContain(`Showing the first ${pageLimits.categoryRows} of 1,000 categories.`);
    expect(html).toContain(`The first ${pageLimits.chartBars} of 1,000 categories are drawn`);
    expect(html.match(/<tr id="r1-c\d+">/g)).toHaveLength(pageLimits.categoryRows);
  });

  it('writes the category of every static policy row and offers it as a filter', async () => {
    const html = renderHtmlView(await viewOf(generatedReports(1, 2, 3)), {});
    expect(html.match(/<td class="category" dir="auto">Category 1<\/td>/g)).toHaveLength(3);
    expect(html.match(/<td class="category" dir="auto">Category 2<\/td>/g)).toHaveLength(3);
    expect(html).toContain(
      '<select data-filter="category"><option value="">All</option><option value="Category 1">Category 1</option><option value="Category 2">Category 2</option></select>',
    );
  });

  it('renders a document without any valid report', async () => {
    const html = renderHtmlView(await viewOf({ statusCode: 401, message: 'Unauthorized', result: null }), {});
    expect(html).toContain('No report to show');
    expect(html).toContain('envelope-failure');
  });
});

describe('template overrides', () => {
  it('replaces a partial by file name', async () => {
    const html = renderHtmlView(await hostileView(), {
      templates: { 'page-header.hbs': '<header class="custom">{{title}} by ACME</header>' },
    });
    expect(html).toContain(
      '<header class="custom">Hostile &lt;b&gt;Benchmark&lt;/b&gt; &amp; &quot;Co&quot; — &lt;i&gt;Azure&lt;/i&gt; {{account}} by ACME</header>',
    );
    expect(html).not.toContain('class="page-header"');
  });

  it('replaces the stylesheet and hashes the replacement', async () => {
    const style = 'body { color: rebeccapurple; }';
    const html = renderHtmlView(await hostileView(), { templates: { 'styles.css': style } });
    expect(html).toContain(`<style>${style}</style>`);
    expect(html).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('applies an overridden partial inside the sections the script inserts', async () => {
    const view = await viewOf(generatedReports(pageLimits.fullSections + 1, 1, 1));
    const html = renderHtmlView(view, { templates: { 'report-header.hbs': '<h2 class="mine">{{benchmarkId}}</h2>' } });
    expect(html).toContain(`\\u003ch2 class=\\"mine\\"\\u003eGEN${pageLimits.fullSections + 1}\\u003c/h2\\u003e`);
  });

  it('leaves the built-in templates alone for the next render', async () => {
    const view = await hostileView();
    renderHtmlView(view, { templates: { 'page-header.hbs': '<header>x</header>' } });
    expect(renderHtmlView(view, {})).toContain('class="page-header"');
  });

  it.each<{ name: string; templates: Record<string, string>; message: RegExp }>([
    {
      name: 'an unknown file name',
      templates: { 'header.hbs': '' },
      message: /unknown template file "header\.hbs"; the templates are .*report\.hbs/,
    },
    { name: 'a syntax error', templates: { 'report.hbs': '{{#each reports}}' }, message: /report\.hbs: Parse error/ },
    {
      name: 'a stylesheet that closes its element',
      templates: { 'styles.css': '</style><script>x()</script>' },
      message: /styles\.css: must not contain/,
    },
  ])('rejects $name', async ({ templates, message }) => {
    const view = await hostileView();
    let caught: unknown;
    try {
      renderHtmlView(view, { templates });
    } catch (error) {
      caught = error;
    }
    expect(isCspmError(caught) && caught.code).toBe('template-invalid');
    expect((caught as Error).message).toMatch(message);
  });
});

describe('htmlRenderer', () => {
  it('returns the page as UTF-8 bytes', async () => {
    const view = await hostileView();
    expect(htmlRenderer).toMatchObject({ format: 'html', extension: 'html', mediaType: 'text/html' });
    const body = await htmlRenderer.render(view, {});
    expect(body).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(body as Uint8Array)).toBe(renderHtmlView(view, {}));
  });
});
