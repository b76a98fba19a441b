import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * Each case here once made a gate or a regression check pass what it should fail: a
 * verdict that fails open is the worst defect a CI tool can have, so each stays a test.
 */
const tempDir = useTempDir();

interface Policy {
  PolicyId: string;
  Compliance: string;
  Severity: string;
  PassedResourceCount: number;
  TotalResourceCount: number;
  RiskProbability: string;
  RiskLevel: string;
  [key: string]: unknown;
}
interface Category {
  CategoryName: string;
  Policies: Policy[];
  [key: string]: unknown;
}
interface Report {
  BenchmarkId: string;
  JobId: string;
  LastScannedDate?: string | null;
  ResourceCategories: Category[];
  [key: string]: unknown;
}

function readReports(path: string): Report[] {
  const value = JSON.parse(readFileSync(path, 'utf8')) as { result: Report | Report[] } | Report[];
  const result = Array.isArray(value) ? value : value.result;
  return structuredClone(Array.isArray(result) ? result : [result]);
}

function write(name: string, reports: Report[], dir: string): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ result: recount(reports), statusCode: 200, message: 'Request Successful' }));
  return path;
}

/** Restates every category's counts and percent (and the report's posture) from its policies, as the service would. */
function recount(reports: Report[]): Report[] {
  for (const report of reports) {
    const totals = { Total: 0, Green: 0, Red: 0, Amber: 0, Gray: 0 };
    for (const category of report.ResourceCategories) {
      const counts = { Total: category.Policies.length, Green: 0, Red: 0, Amber: 0, Gray: 0 };
      for (const policy of category.Policies) {
        const colour = policy.Compliance.trim().replace(/^./, (first) => first.toUpperCase());
        if (colour in counts) counts[colour as 'Green'] += 1;
      }
      const assessed = counts.Total - counts.Gray;
      Object.assign(category, counts, { CompliancePercent: assessed === 0 ? 0 : (counts.Green / assessed) * 100 });
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += counts[key];
    }
    if (report['Posture'] !== undefined) {
      const assessed = totals.Total - totals.Gray;
      report['Posture'] = {
        ...(report['Posture'] as object),
        ...totals,
        CompliancePercent: assessed === 0 ? 0 : (totals.Green / assessed) * 100,
      };
    }
  }
  return reports;
}

/** Turns a policy to a colour, with resource counts and risk that fit it. */
function turn(policy: Policy, colour: 'Red' | 'Green', severity = policy.Severity): void {
  const total = Math.max(1, policy.TotalResourceCount);
  Object.assign(
    policy,
    colour === 'Red'
      ? {
          Compliance: 'Red',
          PassedResourceCount: 0,
          TotalResourceCount: total,
          RiskProbability: 'Certain',
          RiskLevel: 'Red',
        }
      : {
          Compliance: 'Green',
          PassedResourceCount: total,
          TotalResourceCount: total,
          RiskProbability: 'NotLikely',
          RiskLevel: 'Green',
        },
  );
  policy.Severity = severity;
}

function policies(report: Report): Policy[] {
  return report.ResourceCategories.flatMap((category) => category.Policies);
}

/** The same scan a week later, as another job: nothing else changed. */
function nextScan(reports: Report[]): Report[] {
  return reports.map((report) => ({
    ...structuredClone(report),
    JobId: `${report.JobId}-next`,
    LastScannedDate: '2024-09-09T06:00:00Z',
  }));
}

function dated(reports: Report[]): Report[] {
  return reports.map((report) => ({ ...report, LastScannedDate: '2024-09-02T06:00:00Z' }));
}

const noCriticalRed = JSON.stringify({
  assertions: [{ name: 'no critical red', metric: 'redPolicies', severity: 'Critical', max: 0 }],
});

describe('letter case of Severity and Compliance', () => {
  it.each(['critical', 'CRITICAL', ' Critical', 'Critical '])(
    'a Red policy of Severity %j fails "no Critical Red"',
    async (spelling) => {
      const dir = tempDir();
      const [report] = readReports('samples/aws-cis.json') as [Report];
      const red = policies(report).find((policy) => policy.Compliance === 'Red') as Policy;
      red.Severity = spelling;
      const input = write('report.json', [report], dir);
      writeFileSync(join(dir, 'rules.json'), noCriticalRed);
      const result = await runInProcess(['gate', input, '--rules', join(dir, 'rules.json')]);
      expect(result.code).toBe(3);
      expect(result.stdout).toMatch(
        /error {2}no critical red[\s\S]*redPolicies of Severity Critical is 1, expected <= 0/,
      );
      expect(result.stdout).toContain(`Severity of policy`);
    },
  );

  it.each(['critical', ' CRITICAL'])(
    'the preset cspm:recommended fails on a Red policy of Severity %j',
    async (spelling) => {
      const dir = tempDir();
      const [report] = readReports('samples/aws-cis.json') as [Report];
      (policies(report).find((policy) => policy.Compliance === 'Red') as Policy).Severity = spelling;
      const result = await runInProcess(['gate', write('report.json', [report], dir), '--rules', 'cspm:recommended']);
      expect(result.stdout).toMatch(/error {2}no critical red/);
    },
  );

  it('a Red policy spelled "red" counts as Red', async () => {
    const dir = tempDir();
    const [report] = readReports('samples/aws-cis.json') as [Report];
    const red = policies(report).find((policy) => policy.Compliance === 'Red') as Policy;
    red.Compliance = 'red';
    red.Severity = 'Critical';
    writeFileSync(join(dir, 'rules.json'), noCriticalRed);
    const result = await runInProcess([
      'gate',
      write('report.json', [report], dir),
      '--rules',
      join(dir, 'rules.json'),
    ]);
    expect(result.code).toBe(3);
  });

  it('diff --fail-on-regression High counts a regression of Severity "critical"', async () => {
    const dir = tempDir();
    const old = dated(readReports('samples/aws-cis.json'));
    const next = nextScan(old);
    const green = policies(old[0] as Report).find((policy) => policy.Compliance === 'Green') as Policy;
    green.Severity = 'critical';
    turn(
      policies(next[0] as Report).find((policy) => policy.PolicyId === green.PolicyId) as Policy,
      'Red',
      ' critical',
    );
    const result = await runInProcess([
      'diff',
      write('old.json', old, dir),
      write('new.json', next, dir),
      '--fail-on-regression',
      'High',
    ]);
    expect(result.code).toBe(3);
  });
});

describe('unknown values fail closed', () => {
  it('a Red policy of an unknown Severity counts as Critical in the gate', async () => {
    const dir = tempDir();
    const [report] = readReports('samples/aws-cis.json') as [Report];
    (policies(report).find((policy) => policy.Compliance === 'Red') as Policy).Severity = 'Urgent';
    writeFileSync(join(dir, 'rules.json'), noCriticalRed);
    const result = await runInProcess([
      'gate',
      write('report.json', [report], dir),
      '--rules',
      join(dir, 'rules.json'),
    ]);
    expect(result.code).toBe(3);
  });

  it('a policy of an unknown Compliance counts as failing (Red) in the gate', async () => {
    const dir = tempDir();
    const [report] = readReports('samples/aws-cis.json') as [Report];
    const green = policies(report).find(
      (policy) => policy.Compliance === 'Green' && policy.Severity === 'Critical',
    ) as Policy;
    green.Compliance = 'Yellow';
    writeFileSync(join(dir, 'rules.json'), noCriticalRed);
    const input = write('report.json', [report], dir);
    // Its category's Total cannot add up: the check's error alone fails the gate (exit 1).
    expect((await runInProcess(['gate', input, '--rules', join(dir, 'rules.json')])).code).toBe(1);
    const result = await runInProcess([
      'gate',
      input,
      '--rules',
      join(dir, 'rules.json'),
      '--rule',
      'category-total=warning',
    ]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/redPolicies of Severity Critical is 1, expected <= 0/);
  });

  it('a rules file whose severity is no Severity at all is refused, not measured as nothing', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'rules.json'),
      JSON.stringify({ assertions: [{ metric: 'redPolicies', severity: 'Critcal', max: 0 }] }),
    );
    const result = await runInProcess(['gate', 'samples/aws-cis.json', '--rules', join(dir, 'rules.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/\/assertions\/0\/severity/);
  });
});

describe('every policy Gray: nothing assessed is not a pass', () => {
  function allGray(): Report {
    const [report] = readReports('samples/aws-cis.json') as [Report];
    for (const policy of policies(report))
      Object.assign(policy, {
        Compliance: 'Gray',
        PassedResourceCount: 0,
        TotalResourceCount: 0,
        RiskProbability: ' ',
        RiskLevel: '',
      });
    return report;
  }

  it('fails cspm:recommended: there is no compliance percent to hold to its minimum', async () => {
    const dir = tempDir();
    const result = await runInProcess(['gate', write('gray.json', [allGray()], dir), '--rules', 'cspm:recommended']);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/error {2}overall compliance[\s\S]*all Gray/);
  });

  it('measures assessedPercent as 0 and redPolicies as 0', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'rules.json'),
      JSON.stringify({
        assertions: [
          { name: 'assessed', metric: 'assessedPercent', min: 1 },
          { name: 'red', metric: 'redPolicies', max: 0 },
        ],
      }),
    );
    const result = await runInProcess([
      'gate',
      write('gray.json', [allGray()], dir),
      '--rules',
      join(dir, 'rules.json'),
    ]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/assessedPercent is 0.0%, expected >= 1/);
    expect(result.stdout).toMatch(/redPolicies is 0, within <= 0/);
  });
});

describe('an unknown Compliance in a diff ranks as Red', () => {
  it('Green → an unknown colour is a regression', async () => {
    const dir = tempDir();
    const old = dated(readReports('samples/aws-cis.json'));
    const next = nextScan(old);
    const green = policies(old[0] as Report).find(
      (policy) => policy.Compliance === 'Green' && policy.Severity === 'Critical',
    ) as Policy;
    (policies(next[0] as Report).find((policy) => policy.PolicyId === green.PolicyId) as Policy).Compliance = 'Yellow';
    const paths = [write('old.json', old, dir), write('new.json', next, dir)];
    // Its category cannot add up, so the later scan fails its check unless that error is lowered.
    const result = await runInProcess([
      'diff',
      ...paths,
      '--fail-on-regression',
      'Critical',
      '--rule',
      'category-total=warning',
      '-f',
      'json',
    ]);
    expect(result.code).toBe(3);
    const { diff } = JSON.parse(result.stdout) as { diff: { counts: { regression: number } } };
    expect(diff.counts.regression).toBe(1);
  });
});

describe('diff: what the later scan lost counts', () => {
  it('a benchmark report missing from the later scan fails --fail-on-regression; --allow-removed accepts it', async () => {
    const dir = tempDir();
    const old = dated(readReports('samples/azure-multi-benchmark.json'));
    const next = nextScan(old).slice(0, 2);
    const paths = [write('old.json', old, dir), write('new.json', next, dir)];
    const failed = await runInProcess(['diff', ...paths, '--fail-on-regression']);
    expect(failed.code).toBe(3);
    expect(failed.stdout).toMatch(/✖/);
    expect((await runInProcess(['diff', ...paths, '--fail-on-regression', '--allow-removed'])).code).toBe(0);
  });

  it('a benchmark report of another account in the later scan leaves the earlier one lost', async () => {
    const dir = tempDir();
    const old = dated(readReports('samples/azure-multi-benchmark.json'));
    const next = nextScan(old);
    (next[2] as Report)['AccountId'] = 'another-account';
    const result = await runInProcess([
      'diff',
      write('old.json', old, dir),
      write('new.json', next, dir),
      '--fail-on-regression',
    ]);
    expect(result.code).toBe(3);
  });

  it('a Critical policy missing from the later scan fails --fail-on-regression Critical', async () => {
    const dir = tempDir();
    const old = dated(readReports('samples/aws-cis.json'));
    const next = nextScan(old);
    const category = (next[0] as Report).ResourceCategories.find((each) =>
      each.Policies.some((policy) => policy.Severity === 'Critical'),
    ) as Category;
    category.Policies = category.Policies.filter((policy) => policy.Severity !== 'Critical');
    const paths = [write('old.json', old, dir), write('new.json', next, dir)];
    expect((await runInProcess(['diff', ...paths, '--fail-on-regression', 'Critical'])).code).toBe(3);
    expect((await runInProcess(['diff', ...paths, '--fail-on-regression', 'Critical', '--allow-removed'])).code).toBe(
      0,
    );
  });

  it('a Low policy missing from the later scan does not fail --fail-on-regression High', async () => {
    const dir = tempDir();
    const old = dated(readReports('samples/aws-cis.json'));
    const next = nextScan(old);
    const category = (next[0] as Report).ResourceCategories.find((each) =>
      each.Policies.some((policy) => policy.Severity === 'Low' && policy.Compliance === 'Green'),
    ) as Category;
    category.Policies = category.Policies.filter(
      (policy) => policy.Severity !== 'Low' || policy.Compliance !== 'Green',
    );
    const paths = [write('old.json', old, dir), write('new.json', next, dir)];
    expect((await runInProcess(['diff', ...paths, '--fail-on-regression', 'High'])).code).toBe(0);
    expect((await runInProcess(['diff', ...paths, '--fail-on-regression', 'Low'])).code).toBe(3);
  });
});

describe('diff: a new failure is a regression', () => {
  const old = 'samples/diff/azure-csbp-2024-03-11.json';
  const next = 'samples/diff/azure-csbp-2024-03-18.json';

  it('the sample pair adds a Critical Red policy: --fail-on-regression Critical exits 3; --allow-new-failures 0', async () => {
    const failed = await runInProcess(['diff', old, next, '--fail-on-regression', 'Critical']);
    expect(failed.code).toBe(3);
    expect(failed.stdout).toMatch(/new failure/);
    expect(
      (await runInProcess(['diff', old, next, '--fail-on-regression', 'Critical', '--allow-new-failures'])).code,
    ).toBe(0);
  });

  it('a Gray policy turned Red is a new failure at its severity', async () => {
    const dir = tempDir();
    const before = dated(readReports('samples/aws-cis.json'));
    const after = nextScan(before);
    const gray = policies(before[0] as Report).find((policy) => policy.Compliance === 'Gray') as Policy;
    turn(policies(after[0] as Report).find((policy) => policy.PolicyId === gray.PolicyId) as Policy, 'Red', 'Critical');
    const paths = [write('old.json', before, dir), write('new.json', after, dir)];
    expect((await runInProcess(['diff', ...paths, '--fail-on-regression', 'Critical'])).code).toBe(3);
    expect(
      (await runInProcess(['diff', ...paths, '--fail-on-regression', 'Critical', '--allow-new-failures'])).code,
    ).toBe(0);
  });

  it("the gate's regressions metric agrees with diff", async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'rules.json'),
      JSON.stringify({
        assertions: [{ name: 'no critical regression', metric: 'regressions', severity: 'Critical', max: 0 }],
      }),
    );
    const result = await runInProcess(['gate', next, '--baseline', old, '--rules', join(dir, 'rules.json')]);
    expect(result.code).toBe(3);
  });
});

describe('diff: the scans in the right order, and two of them', () => {
  const old = 'samples/diff/azure-csbp-2024-03-11.json';
  const next = 'samples/diff/azure-csbp-2024-03-18.json';

  it('refuses a later scan dated before the earlier one (exit 2) unless --allow-mismatch', async () => {
    const result = await runInProcess(['diff', next, old]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/2024-03-18.*2024-03-11|before/);
    expect((await runInProcess(['diff', next, old, '--allow-mismatch'])).code).toBe(0);
  });

  it('refuses a scan compared with itself (exit 2) unless --allow-mismatch', async () => {
    const result = await runInProcess(['diff', old, old]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/same scan/);
    expect((await runInProcess(['diff', old, old, '--allow-mismatch'])).code).toBe(0);
  });

  it('refuses a copy of a scan: the same job on both sides', async () => {
    const dir = tempDir();
    const copy = write('copy.json', readReports(old), dir);
    const result = await runInProcess(['diff', old, copy]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/same scan/);
  });

  it('refuses a gate baseline newer than the scan it gates', async () => {
    const result = await runInProcess(['gate', old, '--baseline', next, '--rules', 'samples/gate/baseline-rules.json']);
    expect(result.code).toBe(2);
  });
});

describe('a repeated key is ambiguous for every verdict, silenced or not', () => {
  it('diff does not compare a later scan that gives a key twice, even with --rule duplicate-key=off', async () => {
    const dir = tempDir();
    const old = dated(readReports('samples/aws-cis.json'));
    const next = nextScan(old);
    const path = write('new.json', next, dir);
    // The last of two values is the one JSON.parse keeps: the text reads Green, a reader keeping the first sees Red.
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace('"Compliance":"Green"', '"Compliance":"Red","Compliance":"Green"'),
    );
    const result = await runInProcess([
      'diff',
      write('old.json', old, dir),
      path,
      '--fail-on-regression',
      '--rule',
      'duplicate-key=off',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /--rule duplicate-key=off: this rule marks an input that could not be read or analysed; it cannot be silenced/,
    );
    expect(result.stderr).toMatch(/findings at or above error in the later scan \(1 error, 0 warnings\): not compared/);
    const never = await runInProcess([
      'diff',
      write('old.json', old, dir),
      path,
      '--fail-on-regression',
      '--fail-on',
      'never',
    ]);
    expect(never.code).toBe(1);
    expect(never.stderr).toMatch(
      /a key given twice in one object in the later scan \(\S+new\.json\): its values are ambiguous: not compared/,
    );
  });
});

describe('silenced rules never make nothing pass', () => {
  it('check of a file that is not JSON fails even with --rule json-syntax=off', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notjson.json'), 'this is not JSON');
    const result = await runInProcess(['check', join(dir, 'notjson.json'), '--rule', 'json-syntax=off']);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('✔');
    expect(result.stdout).toMatch(/not valid JSON at line 1, column 2: unexpected character: a letter/);
  });

  it.each(['empty-report', 'not-a-report', 'schema', 'envelope-failure'])(
    'check of inputs with nothing valid fails with --rule %s=off',
    async (rule) => {
      const dir = tempDir();
      const inputs: Record<string, string> = {
        'empty-report': '[]',
        'not-a-report': '{"name":"x","version":"1.0.0"}',
        schema: '[{"BenchmarkId":"X"}]',
        'envelope-failure': '{"result":null,"statusCode":401,"message":"Unauthorized"}',
      };
      writeFileSync(join(dir, 'input.json'), inputs[rule] as string);
      const result = await runInProcess(['check', join(dir, 'input.json'), '--rule', `${rule}=off`, '-f', 'json']);
      expect(result.code).toBe(1);
      const json = JSON.parse(result.stdout) as { summary: { errors: number } };
      expect(json.summary.errors).toBeGreaterThan(0);
    },
  );

  it('--fail-on never does not make nothing pass either', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'empty.json'), '[]');
    expect((await runInProcess(['check', join(dir, 'empty.json'), '--fail-on', 'never'])).code).toBe(1);
  });

  it('refuses to turn off the rule that says nothing was valid', async () => {
    const result = await runInProcess(['check', 'samples/aws-cis.json', '--rule', 'no-valid-report=off']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no-valid-report/);
  });
});
