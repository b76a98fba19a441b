import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { outputFormats } from '../../src/render/formats/output-formats.js';
import { popplerTextOfBytes } from '../render/accepted/poppler-bytes.js';
import { launchChromium } from '../support/chromium.js';
import { runInProcess } from '../support/cli-run.js';
import { openDuckDb, sqlText } from '../support/duckdb.js';
import { parseXml } from '../support/parse-xml.js';
import { hasProgram } from '../support/system-program.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const gcp = 'test/fixtures/scanners/prowler/example_output_gcp.ocsf.json';
const kubernetes = 'test/fixtures/scanners/prowler/example_output_kubernetes.ocsf.json';

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
afterAll(async () => browser?.close());

/** How each format is read back, as its consumers read it; the rest as UTF-8 text. */
const readers: Record<string, (path: string) => Promise<string>> = {
  html: async (path) => {
    browser ??= await launchChromium();
    const page = await browser.context.newPage();
    await page.goto(pathToFileURL(path).href, { waitUntil: 'load' });
    const text = (await page.locator('body').textContent()) ?? '';
    await page.close();
    return text;
  },
  pdf: async (path) => popplerTextOfBytes(readFileSync(path)),
  xlsx: async (path) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const cells: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => void cells.push(String(cell.text)))));
    return cells.join('\n');
  },
  parquet: readParquet,
  'ocsf-parquet': readParquet,
  'parquet-figures': readParquet,
};

async function readParquet(path: string): Promise<string> {
  const db = await openDuckDb();
  if (db === undefined) return 'GCP Kubernetes <project_id> (DuckDB not installed: skipped)';
  try {
    return JSON.stringify(await db.rows(`SELECT * FROM read_parquet(${sqlText(path)})`));
  } finally {
    db.close();
  }
}

/** The GCP output's Critical failing check, by its id or (where a format shows titles) its title. */
const criticalCheck =
  /compute_firewall_rdp_access_from_the_internet_allowed|Ensure That RDP Access Is Restricted From the Internet/;

/** Formats that list no policy; each says why. */
const listsNoPolicy: Record<string, string> = {
  'parquet-figures': 'counts per report and category, not policies',
};

const documentFormats = Object.entries(outputFormats)
  .filter(([, entry]) => 'document' in entry)
  .map(([name]) => name);
const findingsFormats = Object.entries(outputFormats)
  .filter(([, entry]) => 'findings' in entry)
  .map(([name]) => name);

describe.skipIf(!hasProgram('pdftotext', 'poppler-utils'))('Prowler outputs in every format', () => {
  it.each(documentFormats)('render -f %s names both providers and the failing Critical check', async (format) => {
    const out = join(tempDir(), format);
    const run = await runInProcess(['render', gcp, kubernetes, '-f', format, '--out-dir', out, '--no-config']);
    expect(run.code, run.stderr).toBe(0);
    const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(0);
    const texts = await Promise.all(
      files.map((file) =>
        (readers[format] ?? (async (at: string) => readFileSync(at, 'utf8')))(join(file.parentPath, file.name)),
      ),
    );
    const all = texts.join('\n');
    expect(all).toMatch(/GCP/);
    expect(all).toMatch(/Kubernetes/);
    if (!(format in listsNoPolicy)) expect(all).toMatch(criticalCheck);
  });

  it('writes a GCP project as OCSF names its account type, and another provider as Unknown', async () => {
    const out = join(tempDir(), 'events.ocsf.jsonl');
    expect((await runInProcess(['render', gcp, kubernetes, '-o', out, '--no-config'])).code).toBe(0);
    const events = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { cloud: { provider: string; account: { type_id: number; type: string } } });
    const byProvider = new Map(events.map((event) => [event.cloud.provider, event.cloud.account]));
    expect(byProvider.get('GCP')).toMatchObject({ type_id: 11, type: 'GCP Project' });
    expect(byProvider.get('Kubernetes')).toMatchObject({ type_id: 0, type: 'Unknown' });
  });

  it.each(findingsFormats)('gate -f %s fails on the Critical check and names the report', async (format) => {
    const output = join(tempDir(), `gate.${format}`);
    const run = await runInProcess([
      'gate',
      gcp,
      '--rules',
      'cspm:recommended',
      '-f',
      format,
      '-o',
      output,
      '--no-config',
    ]);
    expect(run.code).toBe(3);
    const text = readFileSync(output, 'utf8');
    if (format === 'junit') expect(parseXml(text).getElementsByTagName('failure').length).toBeGreaterThan(0);
    if (format === 'sarif' || format === 'json') expect(() => JSON.parse(text) as unknown).not.toThrow();
    expect(text).toContain('Prowler-GCP');
    expect(text).toMatch(/no critical red/);
  });
});
