import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isCspmError } from '../../../src/index.js';
import { renderFleet } from '../../../src/render/fleet/fleet-renderers.js';
import { generatedFleet } from '../../support/fleet-reports.js';
import { bodyBytes } from '../xlsx/read-workbook.js';

async function page(templates: Record<string, string>, accounts = 3): Promise<string> {
  return (await bodyBytes(await renderFleet(await generatedFleet(accounts), 'html', { templates }))).toString('utf8');
}

const hash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the fleet page from templates', () => {
  it('takes its stylesheet and script by file name, each allowed by its own hash', async () => {
    const [style, script] = ['body{color:teal}', 'document.title = "ours";'];
    const html = await page({ 'fleet-styles.css': style, 'fleet-page-script.js': script });
    expect(html).toContain(`<style>${style}</style>`);
    expect(html).toContain(`<script>${script}</script>`);
    expect(html).toContain(`script-src ${hash(script)}; style-src ${hash(style)};`);
  });

  it('takes a row partial, used by the worst accounts and the index alike', async () => {
    const html = await page({ 'fleet-account-row.hbs': '<tr><td>{{rank}}: {{account.accountId}}</td></tr>\n' }, 3);
    expect(html.match(/<tr><td>\d: [^<]+<\/td><\/tr>/g)).toHaveLength(6);
  });

  it('streams the data where the page template puts @fleetData, and leaves it out of a page without it', async () => {
    const ours = await page({ 'fleet-page.hbs': '<h1>{{title}}</h1>[{{{@fleetData}}}]{{count reports}}' }, 2);
    expect(ours).toMatch(
      /^<h1>Compliance of a fleet of 2 accounts<\/h1>\[<script type="application\/json" id="fleet-data">\{"pageSize":100,"accounts":\[\[.*\]\}<\/script>\]2$/s,
    );
    expect(await page({ 'fleet-page.hbs': '<h1>{{title}}</h1>' }, 2)).toBe(
      '<h1>Compliance of a fleet of 2 accounts</h1>',
    );
  });

  it('tells a template that fails from the tool failing', async () => {
    const caught = await page({ 'fleet-page.hbs': '{{> fleet-page}}' }).catch((error: unknown) => error);
    expect(isCspmError(caught) && caught.code).toBe('template-invalid');
  });
});
