import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** The minimal report in its envelope, its second policy saying Red and then Green (which JSON.parse keeps). */
const repeatedText = JSON.stringify({
  result: [minimalReport()],
  statusCode: 200,
  message: 'Request Successful',
}).replace('"Compliance":"Green"', '"Compliance":"Red","Compliance":"Green"');
const pointer = /\/result\/0\/ResourceCategories\/\d+\/Policies\/\d+\/Compliance/;

function setUp(): { report: string; rules: string } {
  const dir = tempDir();
  const report = join(dir, 'report.json');
  const rules = join(dir, 'rules.yaml');
  writeFileSync(report, repeatedText);
  // An assertion the report passes: only the repeated key can fail the gate.
  writeFileSync(rules, 'assertions:\n  - {name: posture, metric: compliancePercent, min: 10}\n');
  return { report, rules };
}

describe('duplicate-key on the command line', () => {
  it('check exits 1 and names the key, both places and the pointer', async () => {
    const { report } = setUp();
    const run = await runInProcess(['check', report]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `^ {2}error {4}${pointer.source} +key "Compliance" appears twice in one object, at line 1, column \\d+ and line 1, column \\d+; JSON\\.parse keeps the last value \\("Green"\\), so the earlier one is ignored {2}duplicate-key$`,
        'm',
      ),
    );
  });

  it('check reads standard input the same way', async () => {
    const run = await runInProcess(['check', '-', '--format', 'json'], { stdin: repeatedText });
    expect(run.code).toBe(1);
    const [finding] = (JSON.parse(run.stdout) as { files: { findings: { rule: string; pointer: string }[] }[] })
      .files[0]!.findings;
    expect(finding).toMatchObject({ rule: 'duplicate-key', pointer: expect.stringMatching(pointer) });
  });

  it('--rule duplicate-key=warning and =off are not applied: the check still fails on the report, and says why', async () => {
    const { report } = setUp();
    for (const setting of ['warning', 'off']) {
      const run = await runInProcess(['check', report, '--rule', `duplicate-key=${setting}`]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/error .*duplicate-key/);
      expect(run.stderr).toContain(
        `--rule duplicate-key=${setting}: this rule marks an input that could not be read or analysed`,
      );
    }
  });

  it('gate fails closed on the report (exit 1, an input it cannot trust), even with the rule silenced', async () => {
    const { report, rules } = setUp();
    for (const extra of [[], ['--rule', 'duplicate-key=off']]) {
      const run = await runInProcess(['gate', report, '--rules', rules, ...extra]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        `${report} has 1 repeated key (a key twice in one object), whose values are ambiguous: JSON.parse keeps the last, another reader may keep the first`,
      );
      expect(run.stdout).toMatch(/✖ gate failed: 1 error, 0 warnings, 1 passed/);
    }
  });

  it('the built command scans a large report on a worker thread and finds the repeat', async () => {
    const dir = tempDir();
    const file = join(dir, 'large.json');
    // 40,000 policies: 12 MB, above the size scanned in parallel.
    expect(spawnSync(process.execPath, ['scripts/generate-report.js', '40000', file]).status).toBe(0);
    const text = readFileSync(file, 'utf8');
    const at = text.lastIndexOf('"Compliance":');
    writeFileSync(file, `${text.slice(0, at)}"Compliance":"Gray",${text.slice(at)}`);
    const reports = JSON.parse(text) as { ResourceCategories: { Policies: unknown[] }[] }[];
    const categories = reports.at(-1)!.ResourceCategories;
    const last = `/${reports.length - 1}/ResourceCategories/${categories.length - 1}/Policies/${categories.at(-1)!.Policies.length - 1}/Compliance`;
    const bin = (JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> }).bin[
      'cspm-report'
    ]!;
    // The JSON states the figures of each of the 1,334 categories: about 2 MB, past spawnSync's default 1 MB buffer.
    const run = spawnSync(process.execPath, [bin, 'check', file, '--format', 'json'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status).toBe(1);
    const findings = (JSON.parse(run.stdout) as { files: { findings: { rule: string; pointer: string }[] }[] })
      .files[0]!.findings;
    expect(findings).toMatchObject([{ rule: 'duplicate-key', pointer: last }]);
  });
});
