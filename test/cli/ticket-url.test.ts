import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { trendScans } from '../../src/jobs/trend-scans.js';
import { collectBytes } from '../../src/render/renderers.js';
import { getTrendRenderer } from '../../src/render/trend/trend-renderers.js';
import { runInProcess } from '../support/cli-run.js';
import { dayFromToday } from '../support/sample-exceptions.js';
import { hasProgram } from '../support/system-program.js';
import { useTempDir } from '../support/temp-dir.js';
import { trendToday, writeTrendExceptions, writeTrendScans } from '../support/trend-exceptions-fixture.js';

const tempDir = useTempDir();
const template = 'https://jira.example.com/browse/{ticket}';

/** Tickets that try to leave an attribute, climb a path, or hold spaces: each must arrive encoded. */
const tickets = {
  'EXC-1': 'SEC-1"><script>alert(1)</script>',
  'EXC-2': 'a/../b',
  'EXC-4': 'SEC 12 (34)',
};
const links = {
  'EXC-1': 'https://jira.example.com/browse/SEC-1%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E',
  'EXC-2': 'https://jira.example.com/browse/a%2F..%2Fb',
  'EXC-4': 'https://jira.example.com/browse/SEC%2012%20%2834%29',
};

/**
 * EXC-1 in force on the sample's Red Critical policy, EXC-2 in force on a Red High one,
 * EXC-3 unused and without a ticket, EXC-4 in force on another Red policy: the tickets hostile.
 */
function exceptionsFile(dir: string): string {
  const entry = (id: string, policy: string, ticket?: string): string =>
    [
      `  - id: ${id}`,
      `    policy: ${policy}`,
      '    accounts: ["Contoso Production"]',
      '    reason: Accepted until the platform migration ends.',
      '    owner: platform@example.com',
      '    approvedBy: ciso@example.com',
      `    approved: "${dayFromToday(-30)}"`,
      `    expires: "${dayFromToday(90)}"`,
      ...(ticket === undefined ? [] : [`    ticket: ${JSON.stringify(ticket)}`]),
    ].join('\n');
  const path = join(dir, 'exceptions.yaml');
  writeFileSync(
    path,
    [
      'exceptions:',
      entry('EXC-1', 'VMDiskEncryption', tickets['EXC-1']),
      entry('EXC-2', 'VMJustInTimeAccess', tickets['EXC-2']),
      entry('EXC-3', 'NoSuchPolicy'),
      entry('EXC-4', 'VMApprovedExtensions', tickets['EXC-4']),
      '',
    ].join('\n'),
  );
  return path;
}

async function render(format: string, extension: string, extra: string[] = []): Promise<string> {
  const dir = tempDir();
  const out = join(dir, `out.${extension}`);
  const run = await runInProcess([
    'render',
    'samples/azure-csbp.json',
    '-f',
    format,
    '-o',
    out,
    '--exceptions',
    exceptionsFile(dir),
    '--no-config',
    ...extra,
  ]);
  // EXC-3 is unused, and said so; nothing else is.
  expect(run.stderr.replace(/.*warning: EXC-3 .*matches no policy\n/, '')).not.toMatch(/error|warning/i);
  expect(run.code).toBe(0);
  return out;
}

type Node = DefaultTreeAdapterMap['node'];

/** Every `<a>` of a page as a real HTML parser reads it: its attributes and its text. */
function anchors(html: string): { href?: string; rel?: string; text: string }[] {
  const found: { href?: string; rel?: string; text: string }[] = [];
  const textOf = (node: Node): string =>
    'value' in node && node.nodeName === '#text'
      ? node.value
      : 'childNodes' in node
        ? node.childNodes.map(textOf).join('')
        : '';
  const walk = (node: Node): void => {
    if (node.nodeName === 'a' && 'attrs' in node) {
      const attribute = (name: string) => node.attrs.find((attr) => attr.name === name)?.value;
      found.push({ href: attribute('href'), rel: attribute('rel'), text: textOf(node) });
    }
    if (node.nodeName === 'script' && 'childNodes' in node && textOf(node).includes('alert(1)'))
      throw new Error('a ticket became a script');
    if ('childNodes' in node) node.childNodes.forEach(walk);
    if ('content' in node) walk(node.content as Node);
  };
  walk(parse(html));
  return found.filter((anchor) => anchor.href?.startsWith('https://jira.example.com/'));
}

describe('--ticket-url', () => {
  it.each([
    ['no placeholder', 'https://jira.example.com/browse/', /holds no \{ticket\}/],
    ['a javascript: URL', 'javascript:alert({ticket})', /javascript: URL, not https: or http:/],
    ['a relative URL', '/browse/{ticket}', /not an absolute URL/],
    ['a ticket in the host', 'https://{ticket}.example.com/', /in the host/],
  ])('refuses %s before anything is read (exit 2, naming the option)', async (_name, value, reason) => {
    const run = await runInProcess(['check', 'no-such-report.json', '--ticket-url', value, '--no-config']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--ticket-url');
    expect(run.stderr).toMatch(reason);
    expect(run.stderr).not.toMatch(/no-such-report/);
  });

  it('is refused from a config file as from the command line', async () => {
    const dir = tempDir();
    const config = join(dir, 'cspm-report.yaml');
    writeFileSync(config, 'check:\n  ticket-url: "ftp://tickets.example.com/{ticket}"\n');
    const run = await runInProcess(['check', 'samples/azure-csbp.json', '--config', config]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/ticket-url.*ftp: URL/);
  });

  it('is taken from a config file', async () => {
    const dir = tempDir();
    const config = join(dir, 'cspm-report.yaml');
    writeFileSync(config, `check:\n  ticket-url: "${template}"\n`);
    const exceptions = exceptionsFile(dir);
    const args = ['check', 'samples/azure-csbp.json', '-f', 'json', '--exceptions', exceptions, '--config', config];
    const run = await runInProcess(args);
    const record = JSON.parse(run.stdout).exceptions.exceptions.find((e: { id: string }) => e.id === 'EXC-1');
    expect(record.ticketUrl).toBe(links['EXC-1']);
  });

  it('HTML: each ticket is a link, its address encoded, and none breaks out of the attribute', async () => {
    const html = readFileSync(await render('html', 'html', ['--ticket-url', template]), 'utf8');
    const found = anchors(html);
    for (const [id, ticket] of Object.entries(tickets))
      expect(found).toContainEqual({ href: links[id as keyof typeof links], rel: 'noopener noreferrer', text: ticket });
    expect(html).not.toContain('<script>alert');
  });

  it('HTML without --ticket-url: the tickets as text, no link', async () => {
    const html = readFileSync(await render('html', 'html'), 'utf8');
    expect(anchors(html)).toEqual([]);
    expect(html).toContain('SEC-1&quot;&gt;&lt;script&gt;');
  });

  it('the executive tier links the tickets of its nearest expiries', async () => {
    const html = readFileSync(await render('html', 'html', ['--ticket-url', template, '--tier', 'executive']), 'utf8');
    expect(anchors(html).map((anchor) => anchor.href)).toEqual(expect.arrayContaining(Object.values(links)));
  });

  it('XLSX: the Ticket cell is a hyperlink, never a formula', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await render('xlsx', 'xlsx', ['--ticket-url', template]));
    const sheet = workbook.getWorksheet('Accepted risks');
    const cells: { text: string; hyperlink?: string; formula?: string }[] = [];
    sheet?.eachRow((row) =>
      row.eachCell((cell) => {
        if (Object.values(tickets).includes(cell.text))
          cells.push({ text: cell.text, hyperlink: cell.hyperlink, formula: cell.formula });
      }),
    );
    expect(cells).toEqual(
      Object.entries(tickets).map(([id, text]) => ({
        text,
        hyperlink: links[id as keyof typeof links],
        formula: undefined,
      })),
    );
  });

  it('XLSX without --ticket-url: no hyperlink', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await render('xlsx', 'xlsx'));
    const hyperlinks: string[] = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) => row.eachCell((cell) => void (cell.hyperlink && hyperlinks.push(cell.hyperlink)))),
    );
    expect(hyperlinks).toEqual([]);
  });

  it.skipIf(!hasProgram('pdfinfo', 'poppler-utils'))('PDF: a link annotation to each ticket', async () => {
    const pdf = await render('pdf', 'pdf', ['--ticket-url', template]);
    const urls = execFileSync('pdfinfo', ['-url', pdf], { encoding: 'utf8' });
    for (const link of Object.values(links)) expect(urls).toContain(link);
    const plain = execFileSync('pdfinfo', ['-url', await render('pdf', 'pdf')], { encoding: 'utf8' });
    expect(plain).not.toContain('jira.example.com');
  });

  it('Markdown: the accepted policies name each ticket as a link that no ticket can close', async () => {
    const dir = tempDir();
    const run = await runInProcess([
      'check',
      'samples/azure-csbp.json',
      '-f',
      'markdown',
      '--exceptions',
      exceptionsFile(dir),
      '--ticket-url',
      template,
      '--no-config',
    ]);
    expect(run.stdout).toContain(`EXC-2 ([a/../b](${links['EXC-2']}))`);
    expect(run.stdout).toContain(`EXC-4 ([SEC 12 (34)](${links['EXC-4']}))`);
    expect(run.stdout).toContain(`([SEC-1"&gt;&lt;script&gt;alert(1)&lt;/script&gt;](${links['EXC-1']}))`);
  });

  it('exceptions check: Markdown links, JSON and text carry the link', async () => {
    const dir = tempDir();
    const file = exceptionsFile(dir);
    const check = (format: string, extra: string[] = []) =>
      runInProcess(['exceptions', 'check', file, '-f', format, '--no-config', ...extra]);
    const markdown = await check('markdown', ['--ticket-url', template]);
    expect(markdown.stdout).toContain(`| EXC-2<br>[a/../b](${links['EXC-2']}) |`);
    const json = JSON.parse((await check('json', ['--ticket-url', template])).stdout);
    expect(json.exceptions.map((e: { ticketUrl?: string }) => e.ticketUrl)).toEqual([
      links['EXC-1'],
      links['EXC-2'],
      undefined,
      links['EXC-4'],
    ]);
    expect((await check('text', ['--ticket-url', template])).stdout).toContain(`ticket a/../b ${links['EXC-2']}`);
    expect((await check('markdown')).stdout).not.toContain('jira.example.com');
    expect((await check('json')).stdout).not.toContain('ticketUrl');
  });

  it('JSON and SARIF record the link where they record the ticket', async () => {
    const dir = tempDir();
    const file = exceptionsFile(dir);
    const check = (format: string) =>
      runInProcess([
        'check',
        'samples/azure-csbp.json',
        '-f',
        format,
        '--exceptions',
        file,
        '--ticket-url',
        template,
        '--no-config',
      ]);
    const json = JSON.parse((await check('json')).stdout);
    const record = json.exceptions.exceptions.find((e: { id: string }) => e.id === 'EXC-2');
    expect(record).toMatchObject({ ticket: 'a/../b', ticketUrl: links['EXC-2'] });
    const sarif = JSON.parse((await check('sarif')).stdout);
    const exceptions = sarif.runs[0].results.flatMap(
      (result: { properties?: { exception?: { id: string; ticket?: string; ticketUrl?: string } } }) =>
        result.properties?.exception === undefined ? [] : [result.properties.exception],
    );
    expect(exceptions.find((e: { id: string }) => e.id === 'EXC-2')).toMatchObject({
      ticket: 'a/../b',
      ticketUrl: links['EXC-2'],
    });
  });
});

describe('--ticket-url in the other outputs that name a ticket', () => {
  it('text gives the address after the ticket', async () => {
    const dir = tempDir();
    const args = ['check', 'samples/azure-csbp.json', '--exceptions', exceptionsFile(dir), '--no-config'];
    const run = await runInProcess([...args, '--ticket-url', template]);
    expect(run.stdout).toContain(`, ticket a/../b ${links['EXC-2']}`);
    expect((await runInProcess(args)).stdout).not.toContain('jira.example.com');
  });

  it.each([
    ['ocsf', 'ocsf.jsonl'],
    ['hdf', 'json'],
  ])('%s records the link in the sentence that names the ticket', async (format, extension) => {
    const text = readFileSync(await render(format, extension, ['--ticket-url', template]), 'utf8');
    expect(text).toContain(`ticket a/../b ${links['EXC-2']}`);
    expect(readFileSync(await render(format, extension), 'utf8')).not.toContain('jira.example.com');
  });
});

describe('--ticket-url on a trend', () => {
  it('links each ticket of the trend page', async () => {
    const dir = tempDir();
    const { folder } = await writeTrendScans(dir);
    const path = writeTrendExceptions(dir);
    const text = readFileSync(path, 'utf8').replace(
      '    expires: "2026-06-30"\n',
      `    expires: "2026-06-30"\n    ticket: ${JSON.stringify(tickets['EXC-1'])}\n`,
    );
    writeFileSync(path, text);
    const outcome = await trendScans([folder], { exceptions: [path], today: trendToday, ticketUrl: template });
    if (outcome.status !== 'ok') throw new Error('the series did not check');
    const html = Buffer.from(await collectBytes(await getTrendRenderer('html').render(outcome.trend, {}))).toString();
    expect(anchors(html)).toEqual([{ href: links['EXC-1'], rel: 'noopener noreferrer', text: tickets['EXC-1'] }]);
    const plain = await trendScans([folder], { exceptions: [path], today: trendToday });
    if (plain.status !== 'ok') throw new Error('the series did not check');
    const unlinked = Buffer.from(await collectBytes(await getTrendRenderer('html').render(plain.trend, {}))).toString();
    expect(anchors(unlinked)).toEqual([]);
  });
});
