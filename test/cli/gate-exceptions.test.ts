import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { dayFromToday, sampleExceptionsFile, recommendedRulesFile } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

describe('gate --exceptions', () => {
  it('fails on an expired exception under cspm:recommended, naming it with its date and owner', async () => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, -1);
    const result = join(dir, 'result.json');
    const run = await runInProcess([
      'gate',
      'samples/azure-csbp.json',
      '--rules',
      recommendedRulesFile(dir),
      '--exceptions',
      exceptions,
      '--result',
      result,
      '--no-config',
    ]);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain(
      `  error  no expired exception  /extends\n         the run\n         expiredExceptions is 1, expected <= 0: EXC-2 expired ${dayFromToday(-1)} (1 day ago), owner platform@example.com\n`,
    );
    // The Critical one is accepted: it leaves the count, and is not counted as passing.
    expect(run.stdout).toMatch(
      /pass {3}no critical red {2}samples\/azure-csbp\.json .*redPolicies of Severity Critical is 0, within <= 0/,
    );
    const record = JSON.parse(readFileSync(result, 'utf8'));
    expect(record.exceptions.files).toEqual([
      {
        path: exceptions,
        sha256: createHash('sha256').update(readFileSync(exceptions)).digest('hex'),
        ids: ['EXC-1', 'EXC-2', 'EXC-3'],
      },
    ]);
    expect(record.exceptions.applied).toEqual(['EXC-1']);
    expect(record.exceptions.exceptions.map((entry: { id: string; state: string }) => [entry.id, entry.state])).toEqual(
      [
        ['EXC-1', 'active'],
        ['EXC-2', 'expired'],
        ['EXC-3', 'unused'],
      ],
    );
  });

  it('passes once the expired one is renewed, and cspm:strict still fails on the unused one and the accepted Critical', async () => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, 60);
    const renewed = await runInProcess([
      'gate',
      'samples/azure-csbp.json',
      '--rules',
      recommendedRulesFile(dir),
      '--exceptions',
      exceptions,
      '--no-config',
    ]);
    expect(renewed.code).toBe(0);
    const strict = await runInProcess([
      'gate',
      'samples/azure-csbp.json',
      '--rules',
      'cspm:strict',
      '--exceptions',
      exceptions,
      '--no-config',
    ]);
    expect(strict.code).toBe(3);
    expect(strict.stdout).toContain(
      `  error  no unused exception  (inputs)\n         the run\n         unusedExceptions is 1, expected <= 0: EXC-3 (${exceptions} /exceptions/2) matches no policy\n`,
    );
    expect(strict.stdout).toContain(
      '  error  no accepted critical  (inputs)\n         samples/azure-csbp.json › CSBP › account Contoso Production\n         acceptedPolicies of Severity Critical is 1, expected <= 0\n',
    );
  });

  it('fails the run on an exceptions file that does not check, never reading it as none', async () => {
    const dir = tempDir();
    const bad = join(dir, 'exceptions.yaml');
    writeFileSync(bad, 'exceptions:\n  - id: EXC-1\n    policy: VMDiskEncryption\n');
    const run = await runInProcess([
      'gate',
      'samples/azure-csbp.json',
      '--rules',
      'cspm:recommended',
      '--exceptions',
      bad,
      '--no-config',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cspm-report: invalid exceptions file: ${bad}:2:5: /exceptions/0: missing "accounts"\n`);
    const missing = await runInProcess([
      'gate',
      'samples/azure-csbp.json',
      '--rules',
      'cspm:recommended',
      '--exceptions',
      join(dir, 'none.yaml'),
      '--no-config',
    ]);
    expect(missing.code).toBe(2);
  });

  it('refuses to write an output over an exceptions file', async () => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, 60);
    const before = readFileSync(exceptions, 'utf8');
    const run = await runInProcess([
      'gate',
      'samples/azure-csbp.json',
      '--rules',
      'cspm:recommended',
      '--exceptions',
      exceptions,
      '-f',
      'json',
      '-o',
      exceptions,
      '--no-config',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('output would overwrite an input');
    expect(readFileSync(exceptions, 'utf8')).toBe(before);
  });
});
