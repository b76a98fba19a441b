import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPresets } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';
import { builderConnection, writeDataset, type DatasetRow } from '../support/dataset-builder.js';
import { hasQueryEngine } from '../support/query-engine.js';
import { useTempDir } from '../support/temp-dir.js';

const available = hasQueryEngine();
const tempDir = useTempDir();
let connection: Awaited<ReturnType<typeof builderConnection>>;

beforeAll(async () => {
  if (available) connection = await builderConnection();
});
afterAll(() => connection?.close());

const titles = ['=HYPERLINK("http://x")', 'evil \u001b[31mred\u202eflip', 'a title, "quoted"\non two lines'];
const rows: DatasetRow[] = titles.map((title, index) => ({
  account_id: 'a1',
  benchmark_id: 'cis',
  job_id: 'j1',
  scan_time: '2026-03-01 10:00:00',
  policy_id: `p${index + 1}`,
  title,
  passed_resources: -(index + 1),
  compliance: 'Red',
  severity: 'High',
}));

async function dataset(): Promise<string> {
  const dir = tempDir();
  await writeDataset(connection, dir, { policies: rows });
  return dir;
}

const select = 'SELECT policy_id, title, passed_resources, scan_time FROM policies ORDER BY policy_id';

describe.runIf(available)('query: output formats', () => {
  it('prints an aligned table, numbers to the right, control and bidirectional characters escaped', async () => {
    const run = await runInProcess(['query', await dataset(), select]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'policy_id  title                                passed_resources  scan_time',
        '---------  -----------------------------------  ----------------  --------------------',
        'p1         =HYPERLINK("http://x")                             -1  2026-03-01T10:00:00Z',
        'p2         evil \\u001b[31mred\\u202eflip                       -2  2026-03-01T10:00:00Z',
        'p3         a title, "quoted"\\u000aon two lines                -3  2026-03-01T10:00:00Z',
        '(3 rows)',
        '',
      ].join('\n'),
    );
  });

  it('writes RFC 4180 CSV that opens a formula as text and keeps numbers numbers', async () => {
    const run = await runInProcess(['query', await dataset(), select, '-f', 'csv']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'policy_id,title,passed_resources,scan_time',
        `p1,"'=HYPERLINK(""http://x"")",-1,2026-03-01T10:00:00Z`,
        'p2,evil \\u001b[31mred\\u202eflip,-2,2026-03-01T10:00:00Z',
        'p3,"a title, ""quoted""\non two lines",-3,2026-03-01T10:00:00Z',
        '',
      ].join('\r\n'),
    );
  });

  it('writes JSON: an array of objects, BIGINT a number when exact else text, TIMESTAMP ISO 8601, DATE YYYY-MM-DD', async () => {
    const run = await runInProcess([
      'query',
      await dataset(),
      "SELECT policy_id, passed_resources, 9223372036854775807 AS big, scan_time, scan_date, NULL AS nothing FROM policies WHERE policy_id = 'p1'",
      '-f',
      'json',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      {
        policy_id: 'p1',
        passed_resources: -1,
        big: '9223372036854775807',
        scan_time: '2026-03-01T10:00:00Z',
        scan_date: '2026-03-01',
        nothing: null,
      },
    ]);
    const bidi = await runInProcess([
      'query',
      await dataset(),
      "SELECT title FROM policies WHERE policy_id = 'p2'",
      '-f',
      'json',
    ]);
    expect(bidi.stdout).toContain('\\u202e');
    expect(JSON.parse(bidi.stdout)).toEqual([{ title: titles[1] }]);
  });

  it('writes an empty result as [] and a table of no rows', async () => {
    const dir = await dataset();
    expect((await runInProcess(['query', dir, 'SELECT * FROM policies WHERE false', '-f', 'json'])).stdout).toBe(
      '[]\n',
    );
    expect((await runInProcess(['query', dir, 'SELECT policy_id FROM policies WHERE false'])).stdout).toBe(
      'policy_id\n---------\n(0 rows)\n',
    );
  });

  it('writes -o FILE atomically, its format from the extension, and names it', async () => {
    const dir = await dataset();
    const out = join(tempDir(), 'answer.json');
    const run = await runInProcess(['query', dir, 'SELECT count(*) AS n FROM policies', '-o', out]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`wrote ${out}\n`);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([{ n: 3 }]);
    expect(readdirSync(join(out, '..'))).toEqual(['answer.json']);
  });

  it('streams a large result in many writes, not one string', async () => {
    const writes: number[] = [];
    const { runCli } = await import('../../src/cli/main.js');
    const { Readable } = await import('node:stream');
    const code = await runCli(['query', await dataset(), 'SELECT range AS n FROM range(50000)', '-f', 'csv'], {
      stdout: { write: (text: string | Uint8Array) => writes.push(text.length) },
      stderr: { write: () => true },
      stdin: Readable.from([]),
      env: {},
    });
    expect(code).toBe(0);
    expect(writes.length).toBeGreaterThan(10);
    expect(Math.max(...writes)).toBeLessThan(100_000);
  });
});

describe.runIf(available)('query: refusals, one line each with exit 2', () => {
  it("gives the engine's message for a wrong or refused query, naming the query", async () => {
    const dir = await dataset();
    const wrong = await runInProcess(['query', dir, 'SELEC 1']);
    expect(wrong).toEqual({
      code: 2,
      stdout: '',
      stderr: 'cspm-report: query failed: "SELEC 1": Parser Error: syntax error at or near "SELEC"\n',
    });
    const refused = await runInProcess(['query', dir, "SELECT * FROM read_text('/etc/passwd')"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'cspm-report: query failed: "SELECT * FROM read_text(\'/etc/passwd\')": Permission Error: Cannot access file "/etc/passwd" - file system operations are disabled by configuration\n',
    );
    const copy = await runInProcess(['query', dir, `COPY policies TO '${join(dir, 'out.csv')}'`]);
    expect(copy.code).toBe(2);
    expect(copy.stderr.split('\n')).toHaveLength(2);
  });

  it('names a folder that holds no dataset, and a table it lacks', async () => {
    const empty = tempDir();
    expect(await runInProcess(['query', empty, 'SELECT 1'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `cspm-report: not a posture dataset: ${empty}: holds no dataset: no *.parquet file under policies/ or figures/\n`,
    });
    const dir = await dataset();
    const lacking = await runInProcess(['query', dir, 'SELECT count(*) FROM figures']);
    expect(lacking.code).toBe(2);
    expect(lacking.stderr).toBe(
      `cspm-report: query failed: "SELECT count(*) FROM figures": the dataset has no figures table: no *.parquet file at ${dir}/figures/\n`,
    );
  });

  it('leaves no file when a query fails while its rows are read', async () => {
    const dir = await dataset();
    const outDir = tempDir();
    const run = await runInProcess([
      'query',
      dir,
      'SELECT CAST(title AS INTEGER) FROM policies',
      '-o',
      join(outDir, 'answer.csv'),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'cspm-report: query failed: "SELECT CAST(title AS INTEGER) FROM policies": Conversion Error: Could not convert string \'=HYPERLINK("http://x")\' to INT32 when casting from source column title\n',
    );
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('never writes over a file of the dataset', async () => {
    const dir = await dataset();
    const part = join(dir, 'policies', 'scan_date=2026-03-01', 'benchmark=cis', 'part-a.parquet');
    const before = readFileSync(part);
    const run = await runInProcess(['query', dir, 'SELECT 1 AS a', '-o', part, '-f', 'csv']);
    expect(run.code).toBe(2);
    // A .parquet name now names the Parquet format, so the name is refused first; the
    // guard against writing over an input stands behind it.
    expect(run.stderr).toMatch(
      /^cspm-report: (output would overwrite an input: |invalid usage: .*part-a\.parquet: its name says parquet, not csv)/,
    );
    expect(readFileSync(part).equals(before)).toBe(true);
  });
});

describe('query: usage', () => {
  it('lists the saved queries with what each answers', async () => {
    const run = await runInProcess(['query', '--list-presets']);
    expect(run.code).toBe(0);
    const names = Object.keys(queryPresets);
    expect(
      run.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split(/\s{2,}/)),
    ).toEqual(names.map((name) => [name, queryPresets[name as keyof typeof queryPresets].description]));
  });

  it('wants SQL or a preset, not both, and a dataset', async () => {
    expect(await runInProcess(['query', 'ds'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'cspm-report: invalid usage: give the SQL to run, or --preset with a saved query\n',
    });
    expect((await runInProcess(['query', 'ds', 'SELECT 1', '--preset', 'new-failures'])).stderr).toBe(
      'cspm-report: invalid usage: give SQL or --preset, not both\n',
    );
    expect((await runInProcess(['query', '--preset', 'new-failures'])).stderr).toBe(
      'cspm-report: invalid usage: name the dataset: a folder or a Parquet file\n',
    );
    const unknown = await runInProcess(['query', 'ds', '--preset', 'worst']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('worst-accounts');
  });
});
