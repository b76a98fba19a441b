import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { hasQueryEngine } from '../support/query-engine.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const accounts = 1000;
const criticalCheck = 'compute_firewall_rdp_access_from_the_internet_allowed';

interface RawFinding {
  status_code: string;
  metadata: { event_code: string };
  cloud: { account: { uid: string; name: string } };
}

/** Whether account `index` of the fleet fixed its Critical check: one in four did. */
const fixedCritical = (index: number): boolean => index % 4 === 0;

let shared: string;
let fleet: string;

/**
 * A folder of 1,000 GCP projects' Prowler outputs, each the published example as that
 * project (its own id and name), a quarter of them with the Critical check passing: a
 * few kilobytes a file, written once for the file's tests.
 */
beforeAll(() => {
  shared = mkdtempSync(join(tmpdir(), 'cspm-test-'));
  fleet = join(shared, 'prowler');
  mkdirSync(fleet);
  const example = JSON.parse(
    readFileSync('test/fixtures/scanners/prowler/example_output_gcp.ocsf.json', 'utf8'),
  ) as RawFinding[];
  for (let index = 0; index < accounts; index += 1) {
    const findings = example.map((finding) => ({
      ...finding,
      cloud: {
        ...finding.cloud,
        account: { ...finding.cloud.account, uid: `project-${index}`, name: `Project ${index}` },
      },
      ...(fixedCritical(index) && finding.metadata.event_code === criticalCheck ? { status_code: 'PASS' } : {}),
    }));
    writeFileSync(join(fleet, `project-${String(index).padStart(4, '0')}.ocsf.json`), JSON.stringify(findings));
  }
});

afterAll(() => rmSync(shared, { recursive: true, force: true }));

/** Projects whose Critical check fails, recounted from the files as written. */
function failingCriticalProjects(): number {
  let count = 0;
  for (const name of readdirSync(fleet)) {
    const findings = JSON.parse(readFileSync(join(fleet, name), 'utf8')) as RawFinding[];
    if (findings.some((finding) => finding.metadata.event_code === criticalCheck && finding.status_code === 'FAIL'))
      count += 1;
  }
  return count;
}

interface CheckJson {
  summary: { reports: number; posture: { redBySeverity: { severity: string; count: number }[] } };
}

const criticalRed = (json: CheckJson): number =>
  json.summary.posture.redBySeverity.find(({ severity }) => severity === 'Critical')?.count ?? -1;

describe('a fleet of 1,000 projects scanned by Prowler', () => {
  it('checks the folder: a report per project, the Critical failures as recounted', async () => {
    const run = await runInProcess(['check', fleet, '-f', 'json', '--no-config']);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as CheckJson;
    expect(json.summary.reports).toBe(accounts);
    expect(criticalRed(json)).toBe(failingCriticalProjects());
  });

  it('rolls the projects up in the fleet tier, the Critical check failing in as many projects', async () => {
    const out = join(tempDir(), 'fleet.xlsx');
    const run = await runInProcess(['render', fleet, '-o', out, '--tier', 'fleet', '--no-config']);
    expect(run.code, run.stderr).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const rows: string[][] = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) => void rows.push((row.values as unknown[]).slice(1).map((value) => String(value)))),
    );
    const critical = rows.find((row) => row.includes(criticalCheck));
    expect(critical, 'a row of the Critical check').toBeDefined();
    expect(critical).toContain(String(failingCriticalProjects()));
  });

  it('checks in two shards that merge into the whole run', async () => {
    const dir = tempDir();
    const parts = [join(dir, 'part-1.json'), join(dir, 'part-2.json')];
    for (const [at, part] of parts.entries()) {
      const run = await runInProcess([
        'check',
        fleet,
        '--shard',
        `${at + 1}/2`,
        '--run-id',
        'fleet',
        '-o',
        part,
        '--no-config',
      ]);
      expect(run.code, run.stderr).toBe(0);
    }
    const merged = await runInProcess(['merge', ...parts, '-f', 'json', '--no-config']);
    expect(merged.code, merged.stderr).toBe(0);
    const json = JSON.parse(merged.stdout) as CheckJson;
    expect(json.summary.reports).toBe(accounts);
    expect(criticalRed(json)).toBe(failingCriticalProjects());
  });

  it.skipIf(!hasQueryEngine())('writes a Parquet dataset that query ranks the projects of', async () => {
    const lake = join(tempDir(), 'lake');
    const render = await runInProcess(['render', fleet, '-f', 'parquet', '--out-dir', lake, '--no-config']);
    expect(render.code, render.stderr).toBe(0);
    const query = await runInProcess([
      'query',
      lake,
      `SELECT count(DISTINCT account_id) AS projects FROM policies WHERE policy_id = '${criticalCheck}' AND compliance = 'Red'`,
      '-f',
      'json',
      '--no-config',
    ]);
    expect(query.code, query.stderr).toBe(0);
    expect(JSON.parse(query.stdout)).toEqual([{ projects: failingCriticalProjects() }]);
    const worst = await runInProcess(['query', lake, '--preset', 'worst-accounts', '-f', 'json', '--no-config']);
    expect(worst.code, worst.stderr).toBe(0);
    expect(JSON.parse(worst.stdout)).toHaveLength(failingCriticalProjects());
  });
});
