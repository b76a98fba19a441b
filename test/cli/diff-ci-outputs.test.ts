import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { hasXmllint, junitSchemaErrors } from '../support/junit-schema.js';
import { parseXml } from '../support/parse-xml.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { sarifSchemaErrors } from '../render/findings/sarif-schema.js';
import { hostileText } from '../render/findings/findings-inputs.js';

/**
 * `diff` in CI: SARIF, JUnit and GitHub annotations of the sample pair, each read back by
 * what reads it there (the OASIS schema, an XML parser, GitHub's line syntax).
 */
const tempDir = useTempDir();
const old = 'samples/diff/azure-csbp-2024-03-11.json';
const next = 'samples/diff/azure-csbp-2024-03-18.json';

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: {
    physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } };
    logicalLocations: { name: string; fullyQualifiedName: string; kind: string }[];
  }[];
  partialFingerprints: Record<string, string>;
  properties: { policyId: string; severity: string };
}

interface SarifLog {
  runs: { tool: { driver: { rules: { id: string }[] } }; results: SarifResult[] }[];
}

/** `extra` lets a test edit a colour without fixing the report's figures to match (`--fail-on never`). */
async function diffSarif(oldFile: string, newFile: string, extra: string[] = []): Promise<SarifResult[]> {
  const out = join(tempDir(), 'diff.sarif');
  const run = await runInProcess(['diff', oldFile, newFile, '-f', 'sarif', '-o', out, ...extra]);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  const log = JSON.parse(readFileSync(out, 'utf8')) as SarifLog;
  expect(sarifSchemaErrors(log)).toEqual([]);
  const rules = log.runs[0]!.tool.driver.rules;
  for (const result of log.runs[0]!.results) expect(rules[result.ruleIndex]!.id).toBe(result.ruleId);
  return log.runs[0]!.results;
}

type Report = {
  JobId: string;
  ResourceCategories: {
    CategoryName: string;
    Policies: { PolicyId: string; ShortTitle: string; Compliance: string; Severity: string }[];
  }[];
}[];

function readReport(path: string): Report {
  return JSON.parse(readFileSync(path, 'utf8')) as Report;
}

function policyOf(report: Report, id: string): Report[number]['ResourceCategories'][number]['Policies'][number] {
  const found = report[0]!.ResourceCategories.flatMap((category) => category.Policies).find(
    (policy) => policy.PolicyId === id,
  );
  if (!found) throw new Error(`no policy ${id}`);
  return found;
}

function children(element: Element, name: string): Element[] {
  return Array.from(element.childNodes).filter(
    (node): node is Element => node.nodeType === 1 && (node as Element).tagName === name,
  );
}

describe('diff -f sarif', () => {
  it('writes one valid result per regression and new failure, worst first, each of the rule of its policy, on the new file and at benchmark › category › policy', async () => {
    const results = await diffSarif(old, next);
    // Critical, then High Red, High Amber, then Low: the order a capped log keeps them in.
    expect(results.map((result) => result.properties.policyId)).toEqual([
      'StorageDefenderForStorage',
      'RecoveryVaultSoftDelete',
      'StorageSecureTransfer',
      'AppServiceMinimumTls',
      'CosmosDBMultiRegion',
    ]);
    expect(results.map((result) => result.level)).toEqual(['error', 'error', 'error', 'error', 'note']);
    for (const result of results) {
      expect(result.ruleId).toBe(`policy/${result.properties.policyId}`);
      expect(result.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: next, uriBaseId: '%SRCROOT%' });
    }
    const first = results.find((result) => result.properties.policyId === 'RecoveryVaultSoftDelete');
    expect(first!.message.text).toContain(
      '1000.3 "Ensure that soft delete is enabled for Recovery Services vaults" (RecoveryVaultSoftDelete) regressed from Green to Red',
    );
    expect(first!.message.text).toContain(
      'scan job 3b1f6c0e-7d52-4e8a-9c41-5f0a2d9e8b17 (old) → scan job c5d29a7e-1f84-4b3a-8e6d-2a07f9b41c58 (new)',
    );
    expect(first!.locations[0]!.logicalLocations).toEqual([
      {
        name: '1000.3 RecoveryVaultSoftDelete',
        fullyQualifiedName:
          'CSBP (account e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845) › Azure - Business continuity and DR › 1000.3 RecoveryVaultSoftDelete',
        kind: 'policy',
      },
    ]);
  });

  it('levels follow the new severity: Critical and High error, Moderate warning, Low and VeryLow note', async () => {
    const dir = tempDir();
    const newer = readReport(next);
    const severities = {
      RecoveryVaultSoftDelete: 'Moderate',
      AppServiceMinimumTls: 'Low',
      StorageSecureTransfer: 'Critical',
    } as const;
    for (const [id, severity] of Object.entries(severities)) policyOf(newer, id).Severity = severity;
    writeFileSync(join(dir, 'new.json'), JSON.stringify(newer));
    const levels = Object.fromEntries(
      (await diffSarif(old, join(dir, 'new.json'))).map((result) => [result.properties.policyId, result.level]),
    );
    expect(levels).toEqual({
      StorageSecureTransfer: 'error',
      RecoveryVaultSoftDelete: 'warning',
      AppServiceMinimumTls: 'note',
      StorageDefenderForStorage: 'error',
      CosmosDBMultiRegion: 'note',
    });
  });

  it('keeps fingerprints across runs whatever the job ids and file names, and tells target colours apart', async () => {
    const first = await diffSarif(old, next);
    const dir = tempDir();
    const older = readReport(old);
    const newer = readReport(next);
    older[0]!.JobId = '00000000-0000-4000-8000-000000000001';
    newer[0]!.JobId = '00000000-0000-4000-8000-000000000002';
    writeFileSync(join(dir, 'week-1.json'), JSON.stringify(older));
    writeFileSync(join(dir, 'week-2.json'), JSON.stringify(newer));
    const again = await diffSarif(join(dir, 'week-1.json'), join(dir, 'week-2.json'));
    expect(again.map((result) => result.partialFingerprints)).toEqual(
      first.map((result) => result.partialFingerprints),
    );

    policyOf(newer, 'RecoveryVaultSoftDelete').Compliance = 'Amber';
    writeFileSync(join(dir, 'week-2.json'), JSON.stringify(newer));
    const amber = await diffSarif(join(dir, 'week-1.json'), join(dir, 'week-2.json'), ['--fail-on', 'never']);
    const byPolicy = (results: SarifResult[]): Map<string, unknown> =>
      new Map(results.map((result) => [result.properties.policyId, result.partialFingerprints]));
    const [before, after] = [byPolicy(first), byPolicy(amber)];
    for (const [policyId, fingerprints] of before) {
      if (policyId === 'RecoveryVaultSoftDelete') expect(after.get(policyId)).not.toEqual(fingerprints);
      else expect(after.get(policyId)).toEqual(fingerprints);
    }
    expect(new Set(first.map((result) => Object.values(result.partialFingerprints)[0])).size).toBe(first.length);
  });

  it('writes no result when nothing regressed', async () => {
    expect(await diffSarif(next, next, ['--allow-mismatch'])).toEqual([]);
  });
});

describe('diff -f junit and -f github', () => {
  it('writes a suite per compared report whose failures are the regressions and new failures that fail the run, and agreeing counts', async () => {
    const out = join(tempDir(), 'diff.xml');
    expect((await runInProcess(['diff', old, next, '-f', 'junit', '-o', out, '--fail-on-regression'])).code).toBe(3);
    const root = parseXml(readFileSync(out, 'utf8'));
    if (hasXmllint) expect(junitSchemaErrors(readFileSync(out, 'utf8'), tempDir())).toEqual([]);
    expect(
      new Set(Array.from(root.getElementsByTagName('testcase')).map((testCase) => testCase.getAttribute('classname'))),
    ).toEqual(
      new Set([
        'cspm-report/samples/diff/azure-csbp-2024-03-11_json',
        'cspm-report/samples/diff/azure-csbp-2024-03-18_json',
        'cspm-report/diff/CSBP/e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845',
      ]),
    );
    const suites = children(root, 'testsuite');
    const diffSuites = suites.filter((suite) => suite.getAttribute('name')?.startsWith('diff: '));
    expect(diffSuites).toHaveLength(1);
    const suite = diffSuites[0]!;
    expect(suite.getAttribute('name')).toContain('CSBP · Contoso Production');
    const cases = children(suite, 'testcase');
    expect(cases).toHaveLength(9);
    const failed = cases.filter((testCase) => children(testCase, 'failure').length > 0);
    expect(failed.map((testCase) => testCase.getAttribute('name'))).toEqual([
      '1000.3 Ensure that soft delete is enabled for Recovery Services vaults (RecoveryVaultSoftDelete)',
      '1200.2 Ensure that web apps use the latest TLS version (1.2) (AppServiceMinimumTls)',
      "1300.1 Ensure that 'Secure transfer required' is enabled for storage accounts (StorageSecureTransfer)",
      '1300.99 Microsoft Defender for Storage should be enabled (StorageDefenderForStorage)',
      '1000.9 Ensure that Azure Cosmos DB accounts replicate to at least two regions (CosmosDBMultiRegion)',
      // Removed policies count against a bare --fail-on-regression too.
      expect.stringMatching(/^1000\.4 Ensure that Recovery Services vaults use geo-redundant storage \(/),
    ]);
    expect(children(failed[0]!, 'failure')[0]!.getAttribute('message')).toBe('High policy regressed: Green → Red');
    expect(suite.getAttribute('tests')).toBe('9');
    expect(suite.getAttribute('failures')).toBe('6');
    let tests = 0;
    let failures = 0;
    for (const each of suites) {
      expect(each.getAttribute('tests')).toBe(String(children(each, 'testcase').length));
      tests += Number(each.getAttribute('tests'));
      failures += Number(each.getAttribute('failures'));
    }
    expect(root.getAttribute('tests')).toBe(String(tests));
    expect(root.getAttribute('failures')).toBe(String(failures));
    expect(failures).toBe(6);
  });

  it('skips the regressions and new failures that fail nothing, without --fail-on-regression or below its Severity', async () => {
    for (const extra of [[], ['--fail-on-regression', 'Critical', '--allow-new-failures']]) {
      const out = join(tempDir(), 'diff.xml');
      expect((await runInProcess(['diff', old, next, '-f', 'junit', '-o', out, ...extra])).code).toBe(0);
      const root = parseXml(readFileSync(out, 'utf8'));
      expect(root.getAttribute('failures')).toBe('0');
      const suite = children(root, 'testsuite').find((each) => each.getAttribute('name')?.startsWith('diff: '))!;
      const skipped = children(suite, 'testcase').flatMap((testCase) => children(testCase, 'skipped'));
      expect(skipped.map((element) => element.getAttribute('message'))).toContain(
        'High policy regressed: Green → Red (does not fail the run)',
      );
      expect(skipped).toHaveLength(5);
    }
  });

  it('annotates each regression that fails the run as ::error and each fix as ::notice on the new file, escaped', async () => {
    const dir = tempDir();
    const newer = readReport(next);
    policyOf(newer, 'RecoveryVaultSoftDelete').ShortTitle = hostileText;
    const hostileFile = join(dir, 'new,50%.json');
    writeFileSync(hostileFile, JSON.stringify(newer));
    const run = await runInProcess(['diff', old, hostileFile, '-f', 'github', '--fail-on-regression']);
    expect(run).toMatchObject({ code: 3, stderr: '' });
    const lines = run.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(/^::(error|notice)( [^:]*)?::.+$/);
    const errors = lines.filter((line) => line.startsWith('::error file='));
    const notices = lines.filter((line) => line.startsWith('::notice file='));
    expect(errors).toHaveLength(5);
    expect(notices).toHaveLength(2);
    const file = `file=${hostileFile.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/,/g, '%2C')},`;
    for (const line of [...errors, ...notices])
      expect(line.startsWith(`::${line.startsWith('::error') ? 'error' : 'notice'} ${file}title=`)).toBe(true);
    // The worst first: by the policy's Severity.
    const ranks = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'];
    const severities = errors.map((line) => ranks.findIndex((severity) => line.includes(`::${severity} policy`)));
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
    const hostile = errors.find((line) => line.includes('RecoveryVaultSoftDelete'))!;
    expect(hostile).toContain('title=regression%3A 1000.3 RecoveryVaultSoftDelete::High policy 1000.3 "a "q"');
    expect(hostile).toContain('100%250A');
    expect(hostile).toContain('%0D%0Anext::warning::injected');
    expect(notices[0]).toContain('title=fix%3A 1100.4 VMDiskEncryption::Critical policy 1100.4');
    expect(lines.at(-1)).toMatch(/^::error title=cspm-report failed \(exit code 3\)::/);
    expect(lines.at(-1)).toContain(
      'diff: 3 regressions, 2 new failures, 2 fixes, 1 coverage change, 0 new policies, 1 removed policy, 119 unchanged',
    );
  });

  it('annotates regressions that fail nothing as ::warning and ends on a ::notice', async () => {
    const run = await runInProcess(['diff', old, next, '-f', 'github']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('::error'))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('::warning file='))).toHaveLength(5);
    expect(lines.at(-1)).toMatch(/^::notice title=cspm-report passed::/);
  });
});
