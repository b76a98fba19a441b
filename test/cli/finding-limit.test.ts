import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** Fields a benchmark report requires (schema/audit-report.schema.json): each `{}` lacks them all. */
const requiredFields = 11;

/**
 * One object with a field of a report, so that the array is read as reports (an array of
 * `{}` alone is no report at all, one `not-a-report` finding), then 199,999 `{}`.
 */
function emptyReports(count: number): string {
  return `[{"JobId":"j"}${',{}'.repeat(count - 1)}]`;
}

describe('a file of 200,000 empty objects', () => {
  it('lists the first 1,000 schema findings, counts every one, and exits 1', async () => {
    const file = join(tempDir(), 'empty-objects.json');
    writeFileSync(file, emptyReports(200_000));
    const { code, stdout, stderr } = await runInProcess(['check', file, '--format', 'json']);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const json = JSON.parse(stdout);
    const all = 200_000 * requiredFields - 1;
    const [source] = json.files;
    const schema = source.findings.filter((finding: { rule: string }) => finding.rule === 'schema');
    expect(schema).toHaveLength(1_001);
    expect(schema[1_000]).toMatchObject({ pointer: '', omitted: all - 1_000 });
    expect(source.omittedFindings).toEqual({ schema: all - 1_000 });
    expect(source.findings.length).toBeLessThan(1_010);
    expect(json.summary.errors).toBe(all + source.findings.length - 1_001);
  }, 120_000);

  it('counts every finding in the per-file counts of a gate --result file too', async () => {
    const dir = tempDir();
    const file = join(dir, 'empty-objects.json');
    const result = join(dir, 'gate.json');
    writeFileSync(file, emptyReports(20_000));
    const { code } = await runInProcess(['gate', file, '--rules', 'cspm:recommended', '--result', result]);
    expect(code).toBe(1);
    const written = JSON.parse(readFileSync(result, 'utf8'));
    expect(written.files[0].errors).toBe(written.summary.errors);
    expect(written.files[0].errors).toBeGreaterThanOrEqual(20_000 * requiredFields - 1);
  }, 120_000);
});
