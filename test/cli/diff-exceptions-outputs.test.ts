import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseXml } from '../support/parse-xml.js';
import { runInProcess } from '../support/cli-run.js';
import { dayFromToday } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';
import { sarifSchemaErrors } from '../render/findings/sarif-schema.js';

/**
 * `diff --exceptions` in every findings output: an accepted regression (RecoveryVaultSoftDelete, EXC-1) is marked
 * accepted and fails nothing; a policy whose exception expired since the old scan (SubscriptionOwnerCount, EXC-2)
 * is a regression that names it.
 */
const tempDir = useTempDir();
const old = 'samples/diff/azure-csbp-2024-03-11.json';
const next = 'samples/diff/azure-csbp-2024-03-18.json';

function sampleExceptionsFile(dir: string): string {
  const entry = (id: string, policy: string, approved: string, expires: string): string =>
    `  - {id: ${id}, policy: ${policy}, accounts: ["Contoso Production"], reason: Accepted until the platform migration ends., owner: platform@example.com, approvedBy: ciso@example.com, approved: "${approved}", expires: "${expires}"}\n`;
  const path = join(dir, 'exceptions.yaml');
  writeFileSync(
    path,
    `exceptions:\n${entry('EXC-1', 'RecoveryVaultSoftDelete', dayFromToday(-30), dayFromToday(90))}${entry('EXC-2', 'SubscriptionOwnerCount', '2024-01-01', '2024-03-14')}`,
  );
  return path;
}

async function outputs(format: string, extension: string): Promise<string> {
  const dir = tempDir();
  const out = join(dir, `diff.${extension}`);
  const run = await runInProcess([
    'diff',
    old,
    next,
    '--fail-on-regression',
    '--exceptions',
    sampleExceptionsFile(dir),
    '-f',
    format,
    '-o',
    out,
    '--no-config',
  ]);
  expect(run).toMatchObject({ code: 3, stderr: '' });
  return readFileSync(out, 'utf8');
}

describe('diff --exceptions outputs', () => {
  it('Markdown marks the accepted change without ❌, the lapsed one with it, and counts both', async () => {
    const markdown = await outputs('markdown', 'md');
    expect(markdown).toContain(
      'Accepted risks: 1 failing policy accepted (listed, not counted as regressions); 1 policy no longer accepted (counted as regressions).',
    );
    expect(markdown).toContain(`| 🔴 regression ✔️ accepted: EXC-1, expires ${dayFromToday(90)} | High | 1000.3 `);
    expect(markdown).toContain('| ❌ 🔴 regression ⏰ no longer accepted: EXC-2, expired 2024-03-14 | High | 1600.6 ');
  });

  it('SARIF suppresses the accepted regression as accepted and names the lapsed exception', async () => {
    const log = JSON.parse(await outputs('sarif', 'sarif'));
    expect(sarifSchemaErrors(log)).toEqual([]);
    type Result = {
      message: { text: string };
      suppressions?: unknown[];
      properties: { policyId: string; accepted?: { id: string }; noLongerAccepted?: { id: string } };
    };
    const results = log.runs[0].results as Result[];
    const accepted = results.find(
      (result) => result.properties.policyId === 'RecoveryVaultSoftDelete' && result.properties.accepted,
    )!;
    expect(accepted.suppressions).toEqual([
      { kind: 'external', status: 'accepted', justification: 'Accepted until the platform migration ends.' },
    ]);
    const lapsed = results.find((result) => result.properties.noLongerAccepted?.id === 'EXC-2')!;
    expect(lapsed.suppressions).toBeUndefined();
    expect(lapsed.message.text).toContain(
      'no longer accepted: EXC-2 expired 2024-03-14 (owner platform@example.com) since the old scan: it fails again',
    );
    expect(log.runs[0].properties.exceptions.files).toHaveLength(1);
  });

  it('JUnit skips the accepted change, naming the exception, and fails the lapsed one', async () => {
    const document = parseXml(await outputs('junit', 'xml'));
    const cases = [...document.getElementsByTagName('testcase')];
    const named = (text: string) => cases.find((testCase) => testCase.getAttribute('name')?.includes(text))!;
    const accepted = named('(RecoveryVaultSoftDelete)');
    expect(accepted.getElementsByTagName('failure')).toHaveLength(0);
    expect(accepted.getElementsByTagName('skipped')[0]?.getAttribute('message')).toBe(
      'High policy regressed: Green → Red (accepted: EXC-1)',
    );
    const lapsed = named('(SubscriptionOwnerCount)');
    expect(lapsed.getElementsByTagName('failure')[0]?.textContent).toContain(
      'no longer accepted: EXC-2 expired 2024-03-14',
    );
  });

  it('GitHub annotates the accepted change as a notice and the lapsed one as an error, naming each exception', async () => {
    const lines = (await outputs('github', 'txt')).split('\n');
    const accepted = lines.find((line) => line.includes('RecoveryVaultSoftDelete'));
    expect(accepted).toMatch(/^::notice .*; accepted: EXC-1 \(platform@example\.com, expires /);
    const lapsed = lines.find((line) => line.includes('SubscriptionOwnerCount'));
    expect(lapsed).toMatch(/^::error .*; no longer accepted: EXC-2 expired 2024-03-14/);
  });

  it('GitLab leaves the accepted change out of its issues and describes the lapsed one', async () => {
    const issues = JSON.parse(await outputs('gitlab', 'json')) as { check_name: string; description: string }[];
    const regressions = issues.filter((issue) => issue.check_name === 'cspm-report/regression');
    expect(regressions.some((issue) => issue.description.includes('RecoveryVaultSoftDelete'))).toBe(false);
    expect(regressions.find((issue) => issue.description.includes('SubscriptionOwnerCount'))?.description).toContain(
      '; no longer accepted: EXC-2 expired 2024-03-14',
    );
  });
});
