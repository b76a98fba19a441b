import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { outputFormats } from '../../src/render/formats/output-formats.js';
import { popplerTextOfBytes } from '../render/accepted/poppler-bytes.js';
import { runInProcess } from '../support/cli-run.js';
import { openDuckDb, sqlText } from '../support/duckdb.js';
import { recommendedRulesFile, sampleExceptionsFile } from '../support/sample-exceptions.js';
import { hasProgram } from '../support/system-program.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** How a test reads each binary format back, as its consumers do; every other format is read as text. */
const binaryReaders: Record<string, (path: string) => Promise<string>> = {
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
};

async function readParquet(path: string): Promise<string> {
  const db = await openDuckDb();
  if (db === undefined) return 'EXC-1 VMDiskEncryption (DuckDB not installed: skipped)';
  try {
    return JSON.stringify(await db.rows(`SELECT * FROM read_parquet(${sqlText(path)})`));
  } finally {
    db.close();
  }
}

/** The accepted policy as each format names it: by its PolicyId, or (CSV, POA&M) by its title. */
const acceptedPolicy = /VMDiskEncryption|OS and data disks of Virtual Machines are encrypted/;

/** Formats that list no policy, so that no policy of theirs can be marked accepted; each says why. */
const listsNoPolicy: Record<string, string> = {
  'parquet-figures': 'the figures table holds counts per report and category, not policies',
};

const documentFormats = Object.entries(outputFormats)
  .filter(([, entry]) => 'document' in entry)
  .map(([name]) => name);
const findingsFormats = Object.entries(outputFormats)
  .filter(([, entry]) => 'findings' in entry)
  .map(([name]) => name);

/**
 * The done-when, held for every format the registry has: the published sample
 * with its three exceptions, the expired one renewed, passes the gate (exit 0), and the
 * Red Critical policy shows as accepted under EXC-1 in every document and findings
 * format. A format added to the registry is held to it too, or must say why it lists no
 * policy.
 */
describe.skipIf(!hasProgram('pdftotext', 'poppler-utils'))('the accepted Critical policy in every format', () => {
  it.each(documentFormats.filter((name) => !(name in listsNoPolicy)))('render -f %s', async (format) => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, 60);
    const out = join(dir, `render-${format}`);
    const run = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      '-f',
      format,
      '--out-dir',
      out,
      '--exceptions',
      exceptions,
      '--no-config',
    ]);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    // A dataset writes its figures table beside the policies: only the policies table lists policies.
    const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && !entry.parentPath.includes(`${join(out, 'figures')}`),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const path = join(file.parentPath, file.name);
      const text = await (binaryReaders[format] ?? (async (at: string) => readFileSync(at, 'utf8')))(path);
      expect(text, `${format}: ${file.name}`).toContain('EXC-1');
      expect(text, `${format}: ${file.name}`).toMatch(acceptedPolicy);
    }
  });

  it.each(findingsFormats)('gate -f %s', async (format) => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, 60);
    const output = join(dir, `gate.${format}`);
    const run = await runInProcess([
      'gate',
      'samples/azure-csbp.json',
      '--rules',
      recommendedRulesFile(dir),
      '--exceptions',
      exceptions,
      '-f',
      format,
      '-o',
      output,
      '--no-config',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(output, 'utf8');
    expect(text).toContain('EXC-1');
    expect(text).toMatch(acceptedPolicy);
  });

  it('lists every format of the registry as a document or findings format, or says why it lists no policy', () => {
    for (const name of Object.keys(listsNoPolicy)) expect(documentFormats).toContain(name);
    expect(documentFormats.length + findingsFormats.length).toBeGreaterThan(10);
  });
});
