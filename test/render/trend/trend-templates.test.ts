import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCspmError, type Trend } from '../../../src/index.js';
import { trendScans } from '../../../src/jobs/trend-scans.js';
import { renderTrendHtml } from '../../../src/render/trend/trend-html.js';
import { writeScans } from '../../analyse/trend/scan-series.js';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();

async function series(): Promise<{ dir: string; trend: Trend }> {
  const dir = tempDir();
  await writeScans(dir, 4);
  const outcome = await trendScans([dir]);
  if (outcome.status !== 'ok') throw new Error('the series did not check');
  return { dir, trend: outcome.trend };
}

function failure(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('the trend page from templates', () => {
  it('takes a stylesheet, a partial and the page itself by file name', async () => {
    const { trend } = await series();
    const styled = renderTrendHtml(trend, { templates: { 'trend-styles.css': 'body{color:teal}' } });
    expect(styled).toContain('<style>body{color:teal}</style>');
    const headed = renderTrendHtml(trend, {
      title: 'Q1',
      templates: { 'trend-page-head.hbs': '<h1>{{title}} · {{eyebrow}}</h1>\n' },
    });
    expect(headed.startsWith('<h1>Q1 · Compliance trend</h1>\n<section class="panel">')).toBe(true);
    expect(
      renderTrendHtml(trend, { templates: { 'trend-page.hbs': '{{count scans.length}} scans of {{title}}' } }),
    ).toBe(`4 scans of Compliance trend: ${trend.benchmarkName} — ${trend.accountName}`);
  });

  it('escapes a name in the chart drawn in code as the templates do', async () => {
    const { trend } = await series();
    trend.categories[0] = { ...(trend.categories[0] as Trend['categories'][0]), name: `O'Brien's <b>"=1"</b>` };
    const html = renderTrendHtml(trend);
    const escaped = 'O&#x27;Brien&#x27;s &lt;b&gt;&quot;&#x3D;1&quot;&lt;/b&gt;';
    expect(html).toContain(`data-series="${escaped}"><title>${escaped}</title>`);
    // In the legend too, in colour or among the others.
    expect(html.split(escaped)).toHaveLength(4);
    expect(html).not.toContain('<b>');
  });

  it('shows control characters as \\uXXXX, as every page does', async () => {
    const { trend } = await series();
    const html = renderTrendHtml(trend, { title: 'a\u0000b' });
    expect(html).toContain('<title>a\\u0000b</title>');
    expect(html).not.toContain('\u0000');
  });

  it('refuses an unknown file, a stylesheet that would close its element and a template that fails', async () => {
    const { trend } = await series();
    const unknown = failure(() => renderTrendHtml(trend, { templates: { 'trend.hbs': '' } }));
    expect(isCspmError(unknown) && unknown.code).toBe('template-invalid');
    const closing = failure(() => renderTrendHtml(trend, { templates: { 'trend-styles.css': '</style><script>' } }));
    expect(isCspmError(closing) && closing.message).toMatch(/trend-styles\.css: must not contain "<\/style"/);
    const failing = failure(() => renderTrendHtml(trend, { templates: { 'trend-page.hbs': '{{> trend-page}}' } }));
    expect(isCspmError(failing) && failing.message).toMatch(
      /a template failed while rendering the page \(a partial includes itself without end\)/,
    );
  });

  it('trend --templates: the page takes the files of the folder by name', async () => {
    const { dir } = await series();
    const templates = join(tempDir(), 'mine');
    mkdirSync(templates);
    writeFileSync(join(templates, 'trend-page-head.hbs'), '<p class="ours">{{eyebrow}}</p>\n');
    const out = join(tempDir(), 'trend.html');
    const run = await runInProcess(['trend', dir, '-o', out, '--templates', templates]);
    expect(run.code).toBe(0);
    expect(readFileSync(out, 'utf8').startsWith('<p class="ours">Compliance trend</p>\n')).toBe(true);
  });
});
