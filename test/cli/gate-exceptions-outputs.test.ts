import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeQualityErrors } from '../render/findings/gitlab-schema.js';
import { sarifSchemaErrors } from '../render/findings/sarif-schema.js';
import { runInProcess, type CliResult } from '../support/cli-run.js';
import { dayFromToday, sampleExceptionsFile } from '../support/sample-exceptions.js';
import { hasXmllint, junitSchemaErrors } from '../support/junit-schema.js';
import { parseXml } from '../support/parse-xml.js';
import { multitoolProblemsOf } from '../support/sarif-multitool.js';

/*
 * One gate of the Azure sample with three exceptions (EXC-1 accepts the Critical
 * VMDiskEncryption, EXC-2 expired yesterday, EXC-3 names no policy of the run), writing
 * every findings format at once; each test reads one of them.
 */
let dir: string;
let exceptions: string;
let sha256: string;
let run: CliResult;
const out = (name: string): string => join(dir, name);
const read = (name: string): string => readFileSync(out(name), 'utf8');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cspm-test-'));
  exceptions = sampleExceptionsFile(dir, -1);
  sha256 = createHash('sha256').update(readFileSync(exceptions)).digest('hex');
  // Every format, github to standard output as in a workflow step, with its step summary.
  const formats = { text: 'run.txt', json: 'run.json', markdown: 'run.md', sarif: 'run.sarif', junit: 'run.xml' };
  run = await runInProcess(
    [
      'gate',
      'samples/azure-csbp.json',
      '--rules',
      'cspm:recommended',
      '--exceptions',
      exceptions,
      ...Object.entries(formats).flatMap(([format, name]) => ['-f', format, '-o', out(name)]),
      ...['-f', 'gitlab', '-o', out('run.codequality.json'), '-f', 'github', '-o', '-'],
      '--no-config',
    ],
    { env: { GITHUB_STEP_SUMMARY: out('summary.md') } },
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('gate --exceptions: every findings output shows the accepted risks', () => {
  it('fails on the expired one (exit 3)', () => {
    expect(run.code).toBe(3);
    expect(run.stderr).toBe('');
  });

  it('text: the counts, the file and its SHA-256, the accepted policy, and each exception to look at', () => {
    const text = read('run.txt');
    expect(text).toContain(
      `\naccepted risks: 1 policy accepted under 1 of 3 exceptions; 1 expired: EXC-2 (expired ${dayFromToday(-1)}, 1 day ago, owner platform@example.com); 1 unused: EXC-3\n`,
    );
    expect(text).toContain(`  file      ${exceptions}  sha256 ${sha256}  EXC-1, EXC-2, EXC-3\n`);
    expect(text).toMatch(
      / {2}figures {3}(\d+) failing policies as scanned \(Red or Amber\); \d+ with the 1 accepted set apart\n/,
    );
    expect(text).toContain(
      `  accepted  VMDiskEncryption (Critical Red)  Contoso Production (e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845)  EXC-1, owner platform@example.com, expires ${dayFromToday(90)} (in 90 days)\n`,
    );
    expect(text).toContain(
      `  expired   EXC-2 expired ${dayFromToday(-1)} (1 day ago), owner platform@example.com: 1 policy it named fails again (${exceptions} /exceptions/1)\n`,
    );
    expect(text).toContain(
      `  unused    EXC-3 matches no policy of the run, owner platform@example.com (${exceptions} /exceptions/2)\n`,
    );
  });

  it('text: the failing policies both ways, the accepted one set apart from the count as scanned', () => {
    const [, scanned, apart] = /(\d+) failing policies as scanned \(Red or Amber\); (\d+) with/.exec(read('run.txt'))!;
    expect(Number(scanned) - Number(apart)).toBe(1);
  });

  it('Markdown and the step summary: the summary, the file digest, the exceptions to look at and the accepted policy', () => {
    for (const markdown of [read('run.md'), read('summary.md')]) {
      expect(markdown).toContain('\n### Accepted risks\n');
      expect(markdown).toContain(`SHA-256 \`${sha256}\``);
      expect(markdown).toContain(
        `| ❌ expired | EXC-2 | ${dayFromToday(-1)} (1 day ago) | platform\\@example.com | EXC-2 expired ${dayFromToday(-1)} (1 day ago)`,
      );
      expect(markdown).toContain('| ⚠️ unused | EXC-3 |');
      expect(markdown).toContain(
        `| VMDiskEncryption | Critical | Red | Contoso Production (e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845) | EXC-1 | platform\\@example.com | ${dayFromToday(90)} | 90 |`,
      );
    }
  });

  it('GitHub: a warning on the exceptions file per expired and unused exception, and the counts in the verdict', () => {
    const lines = run.stdout.split('\n');
    expect(lines).toContain(
      `::warning file=${exceptions},title=exception expired%3A EXC-2::EXC-2 expired ${dayFromToday(-1)} (1 day ago), owner platform@example.com: 1 policy it named fails again (${exceptions} /exceptions/1)`,
    );
    expect(
      lines.filter((line) => line.startsWith('::warning') && line.includes('exception unused%3A EXC-3')),
    ).toHaveLength(1);
    expect(lines.find((line) => line.startsWith('::error title=cspm-report failed'))).toContain(
      '; 1 policy accepted under 1 of 3 exceptions; 1 expired: EXC-2',
    );
  });

  it('JSON: the exceptions record, with the file, its SHA-256, the ids applied and each state', () => {
    const json = JSON.parse(read('run.json')) as {
      exceptions: {
        files: unknown;
        applied: string[];
        exceptions: { id: string; state: string; accepted: unknown[] }[];
      };
    };
    expect(json.exceptions.files).toEqual([{ path: exceptions, sha256, ids: ['EXC-1', 'EXC-2', 'EXC-3'] }]);
    expect(json.exceptions.applied).toEqual(['EXC-1']);
    expect(json.exceptions.exceptions.map(({ id, state, accepted }) => [id, state, accepted.length])).toEqual([
      ['EXC-1', 'active', 1],
      ['EXC-2', 'expired', 0],
      ['EXC-3', 'unused', 0],
    ]);
  });

  it("SARIF: the run's exceptions in its properties, the accepted policy a suppressed result, valid for GitHub", () => {
    const text = read('run.sarif');
    const log = JSON.parse(text) as {
      runs: {
        properties: { exceptions: { files: unknown; applied: string[] } };
        results: { ruleId: string; level: string; suppressions?: unknown; properties: { policyId?: string } }[];
      }[];
    };
    expect(sarifSchemaErrors(log)).toEqual([]);
    const [sarifRun] = log.runs;
    expect(sarifRun?.properties.exceptions.files).toEqual([
      { path: exceptions, sha256, ids: ['EXC-1', 'EXC-2', 'EXC-3'] },
    ]);
    expect(sarifRun?.properties.exceptions.applied).toEqual(['EXC-1']);
    const suppressed = sarifRun?.results.filter((result) => result.suppressions !== undefined) ?? [];
    expect(suppressed).toHaveLength(1);
    expect(suppressed[0]).toMatchObject({
      ruleId: 'cspm-report/accepted-risk',
      level: 'error',
      suppressions: [
        { kind: 'external', status: 'accepted', justification: 'Accepted until the platform migration ends.' },
      ],
      properties: { policyId: 'VMDiskEncryption' },
    });
    expect(multitoolProblemsOf({ accepted: text }, dir)).toEqual({ accepted: [] });
  });

  it.skipIf(!hasXmllint && process.env['CI'] !== 'true')(
    'JUnit: a skipped case per accepted policy and exception to look at, the file and its SHA-256 as properties',
    () => {
      const xml = read('run.xml');
      expect(junitSchemaErrors(xml, dir)).toEqual([]);
      const document = parseXml(xml);
      const cases = [...document.getElementsByTagName('testcase')].filter(
        (testCase) => testCase.getAttribute('classname') === 'cspm-report/accepted-risks',
      );
      const skipped = cases.map((testCase) => testCase.getElementsByTagName('skipped')[0]?.getAttribute('message'));
      expect(skipped).toEqual([
        `accepted: EXC-1 (platform@example.com, expires ${dayFromToday(90)}, in 90 days): Accepted until the platform migration ends.`,
        `expired: EXC-2 expired ${dayFromToday(-1)} (1 day ago), owner platform@example.com: 1 policy it named fails again (${exceptions} /exceptions/1)`,
        `unused: EXC-3 matches no policy of the run, owner platform@example.com (${exceptions} /exceptions/2)`,
      ]);
      for (const suite of document.getElementsByTagName('testsuite')) {
        const properties = [...suite.getElementsByTagName('property')].map((property) => [
          property.getAttribute('name'),
          property.getAttribute('value'),
        ]);
        expect(properties).toEqual([
          ['cspm-report.exceptions.path', exceptions],
          ['cspm-report.exceptions.sha256', sha256],
          ['cspm-report.exceptions.applied', 'EXC-1'],
        ]);
      }
    },
  );

  it('GitLab: no issue of the accepted policy but one note counting it with the file digest, and the expired one', () => {
    const issues = JSON.parse(read('run.codequality.json')) as {
      check_name: string;
      severity: string;
      description: string;
      location: { path: string };
    }[];
    expect(codeQualityErrors(issues)).toEqual([]);
    const path = relative(process.cwd(), exceptions);
    const note = issues.filter((issue) => issue.check_name === 'cspm-report/accepted-risks');
    expect(note).toHaveLength(1);
    expect(note[0]).toMatchObject({ severity: 'info', location: { path } });
    expect(note[0]?.description).toContain(
      'Left out as issues, accepted: VMDiskEncryption in Contoso Production (e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845) under EXC-1.',
    );
    expect(note[0]?.description).toContain(`Exceptions files: ${exceptions} (sha256 ${sha256}); applied: EXC-1.`);
    expect(issues.filter((issue) => issue.description.includes('VMDiskEncryption'))).toEqual(note);
    expect(issues.find((issue) => issue.check_name === 'cspm-report/exception-expired')).toMatchObject({
      severity: 'minor',
      location: { path },
    });
  });
});

describe('gate --exceptions: a policy assertion on an accepted policy', () => {
  it('still fails on the colour as scanned, and its SARIF result is not suppressed', async () => {
    const at = mkdtempSync(join(tmpdir(), 'cspm-test-'));
    try {
      const rules = join(at, 'rules.yaml');
      writeFileSync(
        rules,
        'assertions:\n  - name: disks encrypted\n    metric: policy\n    policy: VMDiskEncryption\n    mustNotBe: Red\n',
      );
      const sarif = join(at, 'gate.sarif');
      const gate = await runInProcess([
        'gate',
        'samples/azure-csbp.json',
        '--rules',
        rules,
        '--exceptions',
        sampleExceptionsFile(at, 60),
        '-o',
        sarif,
        '--no-config',
      ]);
      expect(gate.code).toBe(3);
      const results = (
        JSON.parse(readFileSync(sarif, 'utf8')) as { runs: { results: { ruleId: string; suppressions?: unknown }[] }[] }
      ).runs[0]!.results;
      expect(results.find((result) => result.ruleId === 'gate/policy')).not.toHaveProperty('suppressions');
      expect(results.find((result) => result.ruleId === 'cspm-report/accepted-risk')).toHaveProperty('suppressions');
    } finally {
      rmSync(at, { recursive: true, force: true });
    }
  });
});
