import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { FleetTrend, Trend } from '../../../src/index.js';
import { trendAccounts, trendScans } from '../../../src/jobs/trend-scans.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { getTrendRenderer } from '../../../src/render/trend/trend-renderers.js';
import { writeFleet } from '../../analyse/trend/fleet-scans.js';
import { useTempDir } from '../../support/temp-dir.js';
import { trendToday, writeTrendExceptions, writeTrendScans } from '../../support/trend-exceptions-fixture.js';
import { textOf } from '../pdf/pdf-helpers.js';

const tempDir = useTempDir();

/** The four scans and exceptions of the fixture: EXC-2 expires between the second and the third scan. */
async function judged(): Promise<{ trend: Trend; exceptions: string }> {
  const dir = tempDir();
  const { folder } = await writeTrendScans(dir);
  const exceptions = writeTrendExceptions(dir);
  const outcome = await trendScans([folder], { exceptions: [exceptions], today: trendToday });
  if (outcome.status !== 'ok') throw new Error('the series did not check');
  return { trend: outcome.trend, exceptions };
}

async function rendered(format: string, trend: Trend | FleetTrend): Promise<Buffer> {
  const renderer = getTrendRenderer(format);
  const body = 'kind' in trend ? await renderer.renderFleet(trend, {}) : await renderer.render(trend, {});
  return Buffer.from(await collectBytes(body));
}

type Node = { nodeName: string; value?: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] };
function* walk(node: Node): Iterable<Node> {
  yield node;
  for (const child of node.childNodes ?? []) yield* walk(child);
}
const textIn = (node: Node): string => [...walk(node)].map((one) => one.value ?? '').join('');

/** The cells of each row of the table of the page's section headed `heading`, headers first. */
function tableUnder(html: string, heading: string): string[][] {
  const section = [...walk(parse(html) as unknown as Node)].find(
    (node) =>
      node.nodeName === 'section' &&
      node.childNodes?.some((child) => child.nodeName === 'h2' && textIn(child) === heading),
  );
  if (section === undefined) return [];
  return [...walk(section)]
    .filter((node) => node.nodeName === 'tr')
    .map((row) =>
      (row.childNodes ?? []).filter((cell) => cell.nodeName === 'td' || cell.nodeName === 'th').map(textIn),
    );
}

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** The values of the column headed `header` of a sheet, below its header row. */
function columnOf(sheet: ExcelJS.Worksheet, header: string): unknown[] {
  let at: { row: number; column: number } | undefined;
  sheet.eachRow((row, number) => {
    row.eachCell((cell, column) => {
      if (at === undefined && cell.value === header) at = { row: number, column };
    });
  });
  if (at === undefined) return [];
  const values: unknown[] = [];
  for (let row = at.row + 1; row <= sheet.rowCount; row += 1) values.push(sheet.getRow(row).getCell(at.column).value);
  return values;
}

describe('a trend with exceptions in every format', () => {
  it('text: the accepted policies per scan, and the expired exception named', async () => {
    const { trend, exceptions } = await judged();
    const text = (await rendered('text', trend)).toString('utf8');
    const scanLines = text.split('\n').filter((line) => line.startsWith('  2026-01-0'));
    expect(scanLines.map((line) => /; (\d+) accepted/.exec(line)?.[1])).toEqual(['2', '2', '1', '2']);
    expect(text).toContain('Accepted risks:');
    expect(text).toContain(`  warning: EXC-2 expired 2026-01-02 (2 days before the latest scan, 2026-01-04)`);
    expect(text).toContain(
      `${exceptions}  sha256 ${createHash('sha256').update(readFileSync(exceptions)).digest('hex')}`,
    );
  });

  it('JSON: read back, each scan with its accepted policies and the files with their SHA-256', async () => {
    const { trend, exceptions } = await judged();
    const json = JSON.parse((await rendered('json', trend)).toString('utf8')) as Trend;
    expect(json.scans.map((scan) => scan.acceptedPolicies)).toEqual([2, 2, 1, 2]);
    expect(json.scans.map((scan) => scan.figures)).toEqual(trend.scans.map((scan) => scan.figures));
    expect(json.exceptions?.files).toEqual([
      {
        path: exceptions,
        sha256: createHash('sha256').update(readFileSync(exceptions)).digest('hex'),
        ids: ['EXC-1', 'EXC-2', 'EXC-3', 'EXC-4'],
      },
    ]);
    expect(json.exceptions?.applied).toEqual(['EXC-1', 'EXC-2', 'EXC-4']);
    expect(json.exceptions?.exceptions.find((one) => one.id === 'EXC-2')?.state).toBe('expired');
  });

  it('HTML: an Accepted column in the scans, and the accepted risks with their states', async () => {
    const { trend } = await judged();
    const html = (await rendered('html', trend)).toString('utf8');
    const scans = tableUnder(html, 'Scans');
    const column = scans[0]?.indexOf('Accepted') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(scans.slice(1).map((row) => row[column])).toEqual(['2', '2', '1', '2']);
    const risks = tableUnder(html, 'Accepted risks');
    expect(risks.slice(1).map((row) => [row[0], row[1], row[6]])).toEqual([
      ['EXC-1', 'active', '1'],
      ['EXC-2', 'expired', '0'],
      ['EXC-3', 'unused', '0'],
      ['EXC-4', 'expiring', '1'],
    ]);
    expect(html).toContain('EXC-2 expired 2026-01-02 (2 days before the latest scan, 2026-01-04)');
  });

  it('HTML without exceptions: no Accepted column and no accepted risks', async () => {
    const dir = tempDir();
    const { folder } = await writeTrendScans(dir);
    const outcome = await trendScans([folder]);
    if (outcome.status !== 'ok') throw new Error('the series did not check');
    const html = (await rendered('html', outcome.trend)).toString('utf8');
    expect(tableUnder(html, 'Scans')[0]).not.toContain('Accepted');
    expect(tableUnder(html, 'Accepted risks')).toEqual([]);
  });

  it('XLSX: read back by exceljs, an Accepted policies column and an Accepted risks sheet', async () => {
    const { trend } = await judged();
    const workbook = await workbookOf(await rendered('xlsx', trend));
    const scans = workbook.getWorksheet('Scans');
    if (!scans) throw new Error('no Scans sheet');
    expect(columnOf(scans, 'Accepted policies')).toEqual([2, 2, 1, 2]);
    const risks = workbook.getWorksheet('Accepted risks');
    if (!risks) throw new Error('no Accepted risks sheet');
    expect(columnOf(risks, 'Exception')).toEqual(['EXC-1', 'EXC-2', 'EXC-3', 'EXC-4']);
    expect(columnOf(risks, 'State (latest scan)')).toEqual(['active', 'expired', 'unused', 'expiring']);
  });

  it('PDF: read by pdftotext, the accepted risks and the expired exception named', async () => {
    const { trend } = await judged();
    const text = (await textOf(await rendered('pdf', trend))).replace(/\s+/g, ' ');
    expect(text).toContain('Accepted risks');
    expect(text).toContain('EXC-2 expired 2026-01-02');
    expect(text).toContain('SHA-256');
  });
});

describe('a fleet trend with exceptions', () => {
  async function fleetJudged(): Promise<FleetTrend> {
    const dir = tempDir();
    await writeFleet(join(dir, 'fleet'), [
      { id: 'acct-a', reds: [0, 1, 2] },
      { id: 'acct-b', reds: [0, 0, 1] },
    ]);
    const path = join(dir, 'risks.yaml');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      path,
      'exceptions:\n  - {id: EXC-B, policy: SQLLongTermRetention, accounts: ["*"], reason: Accepted until the migration ends., owner: a@example.com, approvedBy: b@example.com, approved: "2023-12-01", expires: "2024-02-15"}\n  - {id: EXC-A, policy: VMDiskEncryption, accounts: [acct-a], reason: Accepted until the migration ends., owner: a@example.com, approvedBy: b@example.com, approved: "2023-12-01", expires: "2024-11-30"}\n',
    );
    const outcome = await trendAccounts([join(dir, 'fleet')], { exceptions: [path], today: trendToday });
    if (outcome.status !== 'fleet') throw new Error(`no fleet: ${outcome.status}`);
    return outcome.fleet;
  }

  it('shows the accepted policies of each account latest scan in text, HTML, XLSX and PDF', async () => {
    const fleet = await fleetJudged();
    const text = (await rendered('text', fleet)).toString('utf8');
    expect(text).toContain('Account acct-a — ');
    expect(text).toMatch(/Account acct-a — [^\n]*: 1 accepted/);
    expect(text).toMatch(/Account acct-b — [^\n]*: 0 accepted/);
    expect(text).toContain('warning: EXC-B expired 2024-02-15');
    const html = (await rendered('html', fleet)).toString('utf8');
    const accounts = tableUnder(html, 'Every account');
    const column = accounts[0]?.indexOf('Accepted (latest scan)') ?? -1;
    expect(accounts.slice(1).map((row) => row[column])).toEqual(['1', '0']);
    expect(
      tableUnder(html, 'Accepted risks')
        .slice(1)
        .map((row) => [row[0], row[1]]),
    ).toEqual([
      ['EXC-B', 'expired'],
      ['EXC-A', 'active'],
    ]);
    const workbook = await workbookOf(await rendered('xlsx', fleet));
    expect(columnOf(workbook.getWorksheet('Accounts') as ExcelJS.Worksheet, 'Accepted (latest scan)')).toEqual([1, 0]);
    expect(columnOf(workbook.getWorksheet('Scans') as ExcelJS.Worksheet, 'Accepted policies')).toEqual([
      2, 2, 1, 1, 1, 0,
    ]);
    const pdf = (await textOf(await rendered('pdf', fleet))).replace(/\s+/g, ' ');
    expect(pdf).toContain('Accepted risks');
    expect(pdf).toContain('EXC-B expired 2024-02-15');
  });
});
