import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

describe('the same report given twice in one run', () => {
  it('check reports duplicate-report on the second input and exits 1', async () => {
    const report = join(tempDir(), 'ok.json');
    writeFileSync(report, JSON.stringify([minimalReport()]));
    const result = await runInProcess(['check', report, report]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `at /0 repeats the report at /0 of ${report}; its policies would count twice  duplicate-report`,
    );
    expect(result.stdout).toContain('✖ 1 finding (1 error, 0 warnings) in 2 files, 2 valid reports, 10 policies');
  });

  it('render into one document says so instead of "no findings"', async () => {
    const dir = tempDir();
    const report = join(dir, 'ok.json');
    writeFileSync(report, JSON.stringify([minimalReport()]));
    const result = await runInProcess(['render', report, report, '-o', join(dir, 'x.html')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `${report}, ${report}: 2 reports, 10 policies, 1 error, 0 warnings (listed in the data quality section)`,
    );
  });
});
