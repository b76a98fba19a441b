import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { inputFormatNames } from '../../src/internal.js';
import { outputFormats } from '../../src/render/formats/output-formats.js';
import { popplerTextOfBytes } from '../render/accepted/poppler-bytes.js';
import { openDuckDb, sqlText } from '../support/duckdb.js';
import { hasProgram } from '../support/system-program.js';
import { runInProcess } from '../support/cli-run.js';
import { hasQueryEngine } from '../support/query-engine.js';
import { dayFromToday } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const week = 7 * 86_400_000;

/** A file the tool itself wrote, of every input format but the service's own. */
const fixtures: Record<string, (dir: string) => Promise<string>> = {
  'prowler-ocsf': async () => 'test/fixtures/scanners/prowler/example_output_aws.ocsf.json',
  asff: async () => 'test/fixtures/scanners/asff/asff_sample.json',
  'security-hub-ocsf': async () => 'test/fixtures/scanners/security-hub/security-hub-findings.ocsf.jsonl',
  hdf: async () => 'test/fixtures/scanners/hdf/rhel8_sample_oneOfEachControlStatus_output.json',
  'cspm-ocsf': async (dir) => {
    const file = join(dir, 'aws-cis.ocsf.jsonl');
    const run = await runInProcess([
      'render',
      'samples/aws-cis.json',
      '-f',
      'ocsf',
      '--now',
      '-o',
      file,
      '--no-config',
    ]);
    expect(run.code).toBe(0);
    return file;
  },
};

/** A time a week later, in the spelling it came in: epoch seconds or milliseconds, or an ISO date. */
function later(value: unknown): unknown {
  if (typeof value === 'number') return value > 1e11 ? value + week : value > 1e8 ? value + week / 1000 : value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const time = Date.parse(value.endsWith('Z') || /[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value}Z`);
    return Number.isNaN(time) ? value : new Date(time + week).toISOString();
  }
  return value;
}

/** The same scan a week later: every time moved on, every scan id another. */
function aWeekLater(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => aWeekLater(item));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, aWeekLater(item, name)]));
  if (key === 'job_id' && typeof value === 'string') return `${value}-next`;
  return /time|_at$|At$|_dt$/i.test(key) ? later(value) : value;
}

/** Writes the later scan beside the first, in the same layout (JSON Lines stay lines). */
function laterScan(file: string, dir: string): string {
  const text = readFileSync(file, 'utf8');
  const next = join(dir, `later-${file.split('/').pop()!}`);
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = undefined;
  }
  const lines = whole === undefined ? text.trim().split('\n') : undefined;
  writeFileSync(
    next,
    lines === undefined
      ? JSON.stringify(aWeekLater(whole))
      : lines.map((line) => JSON.stringify(aWeekLater(JSON.parse(line)))).join('\n'),
  );
  return next;
}

describe('every input format, through every command', () => {
  // Each format's file as its tool wrote it; the service's own reports are tested everywhere else.
  it('has a real file of each format but the service’s own', () => {
    expect(Object.keys(fixtures).sort()).toEqual(
      inputFormatNames()
        .filter((name) => name !== 'cspm')
        .sort(),
    );
  });

  it.each(Object.keys(fixtures))('%s: checks, gates, diffs, trends and renders, each read back', async (format) => {
    const dir = tempDir();
    const file = await fixtures[format]!(dir);
    const checked = await runInProcess(['check', file, '--from', format, '-f', 'json', '--no-config']);
    const analysis = JSON.parse(checked.stdout) as { summary: { reports: number; policies: number } };
    expect(analysis.summary.reports).toBeGreaterThan(0);
    const policies = analysis.summary.policies;
    expect(policies).toBeGreaterThan(0);

    const gated = await runInProcess(['gate', file, '--rules', 'cspm:recommended', '-f', 'json', '--no-config']);
    const gate = JSON.parse(gated.stdout) as { gate: { status: string } };
    // The verdict the output states is the one the exit code gives.
    expect([gate.gate.status, gated.code]).toEqual(gated.code === 0 ? ['pass', 0] : ['fail', 3]);

    const next = laterScan(file, dir);
    const diffed = await runInProcess(['diff', file, next, '-f', 'json', '--no-config']);
    expect(diffed.stderr).toBe('');
    const diff = JSON.parse(diffed.stdout) as { verdict: { status: string }; diff: { reports: unknown[] } };
    // The same findings a week later: the scans are paired, and nothing regressed.
    expect([diffed.code, diff.verdict.status]).toEqual([0, 'pass']);
    expect(diff.diff.reports.length).toBe(analysis.summary.reports);

    const trended = await runInProcess(['trend', file, next, '-f', 'json', '-o', '-', '--no-config']);
    expect(trended.stderr).toBe('');
    expect((JSON.parse(trended.stdout) as { scans: unknown[] }).scans).toHaveLength(2);

    const csv = join(dir, 'policies.csv');
    const xlsx = join(dir, 'report.xlsx');
    const rendered = await runInProcess([
      'render',
      file,
      '-f',
      'csv',
      '-o',
      csv,
      '-f',
      'xlsx',
      '-o',
      xlsx,
      '--no-config',
    ]);
    expect(rendered.code).toBe(0);
    // A header record and a record per policy (a quoted field may hold a line break).
    expect(parse(readFileSync(csv, 'utf8'), { bom: true })).toHaveLength(policies + 1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx);
    expect(workbook.worksheets.length).toBeGreaterThan(0);
  });

  it.each(Object.keys(fixtures))(
    '%s: sharded and merged, and an exception of its first failing policy judged',
    async (format) => {
      const dir = tempDir();
      const file = await fixtures[format]!(dir);
      const part = join(dir, 'part-1.json');
      const shard = await runInProcess([
        'check',
        file,
        '--shard',
        '1/1',
        '--run-id',
        'week-1',
        '-o',
        part,
        '--no-config',
      ]);
      expect(shard.stderr).toBe('');
      const merged = await runInProcess(['merge', part, '-f', 'json', '--no-config']);
      const whole = await runInProcess(['check', file, '-f', 'json', '--no-config']);
      expect(JSON.parse(merged.stdout).summary).toEqual(JSON.parse(whole.stdout).summary);

      const rows = parse(
        (
          await runInProcess([
            'render',
            file,
            '-f',
            'csv',
            '--fields',
            'policy-id,account-id,compliance',
            '-o',
            '-',
            '--no-config',
          ])
        ).stdout,
        { bom: true, columns: true },
      ) as { PolicyId: string; AccountId: string; Compliance: string }[];
      const failing = rows.find((row) => row.Compliance === 'Red');
      expect(failing).toBeDefined();
      const exceptions = join(dir, 'exceptions.yaml');
      writeFileSync(
        exceptions,
        [
          'exceptions:',
          '  - id: EXC-1',
          `    policy: ${JSON.stringify(failing!.PolicyId)}`,
          `    accounts: [${JSON.stringify(failing!.AccountId)}]`,
          '    reason: Accepted until the platform migration ends.',
          '    owner: platform@example.com',
          '    approvedBy: ciso@example.com',
          `    approved: "${dayFromToday(-30)}"`,
          `    expires: "${dayFromToday(90)}"`,
          '',
        ].join('\n'),
      );
      const judged = await runInProcess(['exceptions', 'check', exceptions, '--reports', file, '--no-config']);
      expect(judged.stdout).toContain('1 active, 0 expiring, 0 expired, 0 unused');
      expect(judged.code).toBe(0);
    },
  );

  it.skipIf(!hasQueryEngine()).each(Object.keys(fixtures))(
    '%s: a Parquet dataset query counts its policies',
    async (format) => {
      const dir = tempDir();
      const file = await fixtures[format]!(dir);
      const lake = join(dir, 'lake');
      const rendered = await runInProcess(['render', file, '-f', 'parquet', '--out-dir', lake, '--no-config']);
      expect(rendered.code, rendered.stderr).toBe(0);
      const policies = (
        JSON.parse((await runInProcess(['check', file, '-f', 'json', '--no-config'])).stdout) as {
          summary: { policies: number };
        }
      ).summary.policies;
      const query = await runInProcess([
        'query',
        lake,
        'SELECT count(*) AS n FROM policies',
        '-f',
        'json',
        '--no-config',
      ]);
      expect(query.code, query.stderr).toBe(0);
      expect(JSON.parse(query.stdout)).toEqual([{ n: policies }]);
    },
  );

  // Every document format of the registry, from every input format, read back as text by its consumer.
  const documentFormats = Object.entries(outputFormats)
    .filter(([, entry]) => 'document' in entry)
    .map(([name]) => name);
  const cases = Object.keys(fixtures).flatMap((input) => documentFormats.map((output) => [input, output] as const));

  it.skipIf(!hasProgram('pdftotext', 'poppler-utils')).each(cases)(
    '%s rendered as %s names the account',
    async (input, output) => {
      const dir = tempDir();
      const file = await fixtures[input]!(dir);
      const [row] = parse(
        (await runInProcess(['render', file, '-f', 'csv', '--fields', 'account-id,account', '-o', '-', '--no-config']))
          .stdout,
        { bom: true, columns: true },
      ) as { AccountId: string; Account: string }[];
      const out = join(dir, output);
      const run = await runInProcess(['render', file, '-f', output, '--out-dir', out, '--no-config']);
      expect(run.code, run.stderr).toBe(0);
      const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(files.length).toBeGreaterThan(0);
      const texts = await Promise.all(files.map((entry) => textOf(output, join(entry.parentPath, entry.name))));
      const all = texts.join('\n');
      if (all === skippedParquet) return;
      // A page shows `<account_uid>` (Prowler's placeholder) escaped, as it shows any report text.
      const shown = (text: string): string[] => [
        text,
        text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'),
      ];
      expect([...shown(row!.AccountId), ...shown(row!.Account)].some((text) => all.includes(text))).toBe(true);
    },
  );
});

const skippedParquet = '(DuckDB not installed)';

/** A written file's text as its consumer reads it: poppler, exceljs, DuckDB; else UTF-8. */
async function textOf(format: string, path: string): Promise<string> {
  if (format === 'pdf') return popplerTextOfBytes(readFileSync(path));
  if (format === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const cells: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => void cells.push(String(cell.text)))));
    return cells.join('\n');
  }
  if (format.includes('parquet')) {
    const db = await openDuckDb();
    if (db === undefined) return skippedParquet;
    try {
      return JSON.stringify(await db.rows(`SELECT * FROM read_parquet(${sqlText(path)})`));
    } finally {
      db.close();
    }
  }
  return readFileSync(path, 'utf8');
}
