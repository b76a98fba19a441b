import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FleetFigures } from '../../../src/index.js';
import { renderFleet } from '../../../src/render/fleet/fleet-renderers.js';
import { maxPdfAccountDetails } from '../../../src/render/fleet/fleet-plan.js';
import { maxSheetRows, splitSheet } from '../../../src/render/fleet/fleet-xlsx.js';
import { accountsSheet } from '../../../src/render/fleet/fleet-sheets.js';
import { planFleet } from '../../../src/render/fleet/fleet-plan.js';
import { generatedFleet } from '../../support/fleet-reports.js';
import { hasProgram } from '../../support/system-program.js';
import { bodyBytes, readWorkbook, sheet } from '../xlsx/read-workbook.js';

/** A row's cells as text, from column A. */
function rowText(values: unknown): string[] {
  return (values as unknown[]).slice(1).map((value) => (value === null || value === undefined ? '' : String(value)));
}

describe('the fleet workbook read by exceljs', () => {
  let fleet: FleetFigures;
  beforeAll(async () => {
    fleet = await generatedFleet(40);
  });

  it('has the Accounts, Policies and Categories sheets, the worst account first, with full names', async () => {
    const workbook = await readWorkbook(await bodyBytes(await renderFleet(fleet, 'xlsx')));
    expect(workbook.worksheets.map((worksheet) => worksheet.name)).toEqual(['Accounts', 'Policies', 'Categories']);
    const accounts = sheet(workbook, 'Accounts');
    expect(rowText(accounts.getRow(1).values).slice(0, 6)).toEqual([
      'Account',
      'AccountId',
      'Connector',
      'Benchmark',
      'BenchmarkId',
      'Compliance %',
    ]);
    expect(accounts.rowCount).toBe(41);
    // By what fails, as the worst categories are: the heaviest weighted Red first (not the lowest percent).
    const byName = new Map(fleet.accounts.map((account) => [account.accountName, account]));
    const weights = Array.from(
      { length: 40 },
      (_, index) => byName.get(String(accounts.getRow(index + 2).getCell(1).value))?.redWeight,
    );
    expect(weights).toEqual(fleet.accounts.map((account) => account.redWeight).sort((a, b) => b - a));
    expect(new Set(weights).size).toBeGreaterThan(1);
    expect(String(accounts.getRow(2).getCell(1).value)).toMatch(
      /^Platform team \d{5} · production workloads of the payments business unit$/,
    );
    const policies = sheet(workbook, 'Policies');
    const failing = [...fleet.policies.values()].filter((policy) => policy.failing > 0);
    expect(policies.rowCount).toBe(failing.length + 1);
    expect(policies.getRow(2).getCell(5).value).toBe(Math.max(...failing.map((policy) => policy.failing)));
    expect(rowText(sheet(workbook, 'Categories').getRow(1).values)).toEqual([
      'Benchmark',
      'Category',
      'Accounts',
      'Assessed in',
      'Lowest %',
      'Median %',
      'Mean %',
      'Red',
    ]);
  });

  it('goes on in numbered sheets past the rows a sheet holds, each with its header', () => {
    const plan = planFleet(fleet, {});
    const sheets = splitSheet(accountsSheet(plan), plan.worst, 16);
    expect(sheets.map((table) => table.name)).toEqual(['Accounts', 'Accounts 2', 'Accounts 3']);
    expect(sheets.map((table) => [...table.rows()].length)).toEqual([15, 15, 10]);
    expect(sheets.flatMap((table) => [...table.rows()])).toEqual(plan.worst);
    expect(maxSheetRows).toBe(1_048_576);
    expect(splitSheet(accountsSheet(plan), [], 16).map((table) => table.name)).toEqual(['Accounts']);
  });
});

describe('the fleet HTML page as a stream', () => {
  it('comes in many chunks, never as one string', async () => {
    const body = await renderFleet(await generatedFleet(600), 'html');
    expect(body).not.toBeInstanceOf(Uint8Array);
    let chunks = 0;
    let last = '';
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      chunks += 1;
      last = Buffer.from(chunk).toString('utf8');
    }
    expect(chunks).toBeGreaterThan(5);
    expect(last.endsWith('</script>\n</body></html>\n')).toBe(true);
  });
});

describe.skipIf(!hasProgram('pdftotext', 'poppler-utils'))('the fleet PDF read by poppler', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'cspm-fleet-pdf-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  async function pdfText(fleet: FleetFigures): Promise<string> {
    const file = join(directory, `fleet-${fleet.accounts.length}.pdf`);
    writeFileSync(file, await bodyBytes(await renderFleet(fleet, 'pdf')));
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  }

  it('has the summary, the worst accounts, the failing policies, the categories and the detail of every account of a small fleet', async () => {
    const text = await pdfText(await generatedFleet(12));
    for (const heading of [
      'Compliance of a fleet of 12 accounts',
      'By connector type',
      'By benchmark',
      'Worst accounts',
      'Policies failing in the most accounts',
      'Compliance by category across accounts',
      'Categories of the worst accounts',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('Detail for every one of the 12 benchmark reports, the worst first.');
    // Names wrap in their column, never cut: every word of the longest name is there, with no ellipsis.
    expect(text).not.toContain('…');
    expect(text.replace(/\s+/g, ' ')).toContain('Cloud Security Best Practices (CSBP)');
  });

  it('details the worst accounts only, up to the cap, and says where the rest is', async () => {
    const text = (await pdfText(await generatedFleet(maxPdfAccountDetails + 30))).replace(/\s+/g, ' ');
    expect(text).toContain(
      `Detail for the ${maxPdfAccountDetails} worst of ${maxPdfAccountDetails + 30} benchmark reports; the full list is in the HTML and XLSX documents of the fleet tier.`,
    );
    expect(text).toContain(`${maxPdfAccountDetails}. Platform team`);
    expect(text).not.toContain(`${maxPdfAccountDetails + 1}. Platform team`);
  });
});

describe('a fleet of 5,000 accounts', () => {
  it('renders as HTML, XLSX and PDF', async () => {
    const fleet = await generatedFleet(5_000);
    const html = (await bodyBytes(await renderFleet(fleet, 'html'))).toString('utf8');
    expect(html).toContain('Compliance of a fleet of 5,000 accounts');
    // The last account's detail is in the page's data, drawn when its link is followed.
    expect(html).toMatch(/\[5000,"Platform team \d{5}/);
    const workbook = await readWorkbook(await bodyBytes(await renderFleet(fleet, 'xlsx')));
    expect(sheet(workbook, 'Accounts').rowCount).toBe(5_001);
    const pdf = await bodyBytes(await renderFleet(fleet, 'pdf'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 120_000);
});
