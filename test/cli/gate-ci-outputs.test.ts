import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasXmllint, junitSchemaErrors } from '../support/junit-schema.js';
import { parseXml } from '../support/parse-xml.js';
import { useTempDir } from '../support/temp-dir.js';
import { runInProcess } from '../support/cli-run.js';
import { sarifSchemaErrors } from '../render/findings/sarif-schema.js';

/**
 * The one line a CI user drops into a pipeline, end to end: a failing gate on the bundled
 * samples writes SARIF, JUnit, GitHub annotations, a Markdown summary and the --result
 * file in one run, and each is read back by what reads it in CI (the OASIS schema, an XML
 * parser, GitHub's line syntax).
 */
const tempDir = useTempDir();
const inputs = ['samples/aws-cis.json', 'samples/azure-csbp.json', 'samples/office365.json'];

describe('gate in CI: every output of one failing run', () => {
  it('writes SARIF, JUnit, annotations, a step summary and the result, all agreeing', async () => {
    const dir = tempDir();
    const summaryFile = join(dir, 'step-summary.md');
    writeFileSync(summaryFile, '# earlier step\n');
    const sarifFile = join(dir, 'gate.sarif');
    const junitFile = join(dir, 'gate.xml');
    const resultFile = join(dir, 'gate.json');
    const args = [
      'gate',
      ...inputs,
      '--rules',
      'samples/gate/gate-rules.json',
      '-f',
      'sarif',
      '-o',
      sarifFile,
      '-f',
      'junit',
      '-o',
      junitFile,
      '-f',
      'github',
      '-o',
      '-',
      '--result',
      resultFile,
    ];
    const run = await runInProcess(args, { env: { GITHUB_STEP_SUMMARY: summaryFile } });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(3);

    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as {
      status: string;
      exitCode: number;
      assertions: { name: string; level: string; passed: boolean }[];
    };
    expect(result).toMatchObject({ status: 'fail', exitCode: 3 });
    const failedErrors = result.assertions.filter((assertion) => !assertion.passed && assertion.level === 'error');
    const failedWarnings = result.assertions.filter((assertion) => !assertion.passed && assertion.level === 'warn');
    expect(failedErrors.length).toBeGreaterThan(0);

    const sarif = JSON.parse(readFileSync(sarifFile, 'utf8')) as {
      runs: { results: { ruleId: string; level: string }[] }[];
    };
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    const gateResults = sarif.runs[0]!.results.filter((entry) => entry.ruleId.startsWith('gate/'));
    expect(gateResults.filter((entry) => entry.level === 'error')).toHaveLength(failedErrors.length);
    expect(gateResults.filter((entry) => entry.level === 'warning')).toHaveLength(failedWarnings.length);

    const junit = parseXml(readFileSync(junitFile, 'utf8'));
    if (hasXmllint) expect(junitSchemaErrors(readFileSync(junitFile, 'utf8'), dir)).toEqual([]);
    const gateSuite = Array.from(junit.getElementsByTagName('testsuite')).find((suite) =>
      suite.getAttribute('name')?.startsWith('gate: '),
    );
    expect(gateSuite).toBeDefined();
    expect(gateSuite!.getAttribute('tests')).toBe(String(result.assertions.length));
    expect(gateSuite!.getAttribute('failures')).toBe(String(failedErrors.length));

    const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::'));
    for (const line of annotations) expect(line).toMatch(/^::(error|warning|notice)( [^:]*)?::.+$/);
    const gateErrors = annotations.filter((line) => line.startsWith('::error ') && line.includes('title=gate%3A '));
    expect(gateErrors).toHaveLength(failedErrors.length);
    // Shown on the report measured (or the rules file), so GitHub can place it.
    for (const line of gateErrors) expect(line).toMatch(/^::error file=samples\/[^,]+,title=/);

    const summary = readFileSync(summaryFile, 'utf8');
    expect(summary.startsWith('# earlier step\n')).toBe(true);
    for (const assertion of failedErrors) expect(summary).toContain(assertion.name);
    // Figures as a person reads them, as the text output prints them: 23.1%, not 23.076923076923077.
    expect(summary).toContain('| 23.1% |');
    expect(summary).not.toMatch(/\d\.\d{3,}/);
    const failures = Array.from(junit.getElementsByTagName('failure')).map(
      (failure) => failure.getAttribute('message') ?? '',
    );
    expect(failures.some((message) => message.startsWith('actual 23.1%, expected >= '))).toBe(true);
  });
});
