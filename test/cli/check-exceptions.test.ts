import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkReports } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';
import { dayFromToday, sampleExceptionsFile } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

describe('check --exceptions', () => {
  it('shows the accepted risks in its outputs and keeps the verdict of the data, even with one expired', async () => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, -1);
    const json = join(dir, 'check.json');
    const run = await runInProcess([
      'check',
      'samples/azure-csbp.json',
      '--exceptions',
      exceptions,
      '-f',
      'text',
      '-o',
      '-',
      '-f',
      'json',
      '-o',
      json,
      '--no-config',
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(
      `✔ no findings in 1 file, 1 valid report, 127 policies\n\naccepted risks: 1 policy accepted under 1 of 3 exceptions; 1 expired: EXC-2 (expired ${dayFromToday(-1)}, 1 day ago, owner platform@example.com); 1 unused: EXC-3\n`,
    );
    expect(run.stdout).toContain('  accepted  VMDiskEncryption (Critical Red)  Contoso Production');
    const record = (JSON.parse(readFileSync(json, 'utf8')) as { exceptions: { files: unknown; applied: string[] } })
      .exceptions;
    expect(record.files).toEqual([
      {
        path: exceptions,
        sha256: createHash('sha256').update(readFileSync(exceptions)).digest('hex'),
        ids: ['EXC-1', 'EXC-2', 'EXC-3'],
      },
    ]);
    expect(record.applied).toEqual(['EXC-1']);
  });

  it('fails the run (exit 2) on an exceptions file that does not check, before any output', async () => {
    const dir = tempDir();
    const bad = join(dir, 'exceptions.yaml');
    writeFileSync(bad, 'exceptions:\n  - id: EXC-1\n    policy: VMDiskEncryption\n');
    const run = await runInProcess(['check', 'samples/azure-csbp.json', '--exceptions', bad, '--no-config']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toBe(`cspm-report: invalid exceptions file: ${bad}:2:5: /exceptions/0: missing "accounts"\n`);
  });

  it('refuses an output over an exceptions file, with --shard too', async () => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, 60);
    const before = readFileSync(exceptions, 'utf8');
    const over = await runInProcess([
      'check',
      'samples/azure-csbp.json',
      '--exceptions',
      exceptions,
      '-o',
      exceptions,
      '-f',
      'json',
      '--no-config',
    ]);
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('output would overwrite an input');
    expect(readFileSync(exceptions, 'utf8')).toBe(before);
    // A shard reads the exceptions file too: its partial result may not land on it.
    const risks = join(dir, 'risks.json');
    copyFileSync(exceptions, risks);
    const shard = await runInProcess([
      'check',
      'samples/azure-csbp.json',
      '--exceptions',
      risks,
      '--shard',
      '1/2',
      '-o',
      risks,
      '--no-config',
    ]);
    expect(shard).toMatchObject({ code: 2, stdout: '' });
    expect(shard.stderr).toContain('output would overwrite an input');
    expect(readFileSync(risks, 'utf8')).toBe(before);
  });

  it('says in its help that exceptions never change the verdict of a check', async () => {
    const help = await runInProcess(['check', '--help']);
    // Without the line breaks and spaces of the help's layout, which may cut a word.
    expect(help.stdout.replace(/\s+/g, '')).toContain(
      "Every output lists what they accept; a check's verdict is about the reports' data, which exceptions never change".replace(
        /\s+/g,
        '',
      ),
    );
  });

  it('as a library call: the accepted risks beside an unchanged verdict', async () => {
    const dir = tempDir();
    const result = await checkReports('samples/azure-csbp.json', {
      figuresOnly: true,
      exceptions: [sampleExceptionsFile(dir, -1)],
    });
    expect(result.verdict).toEqual((await checkReports('samples/azure-csbp.json', { figuresOnly: true })).verdict);
    expect(
      result.exceptions?.outcomes.map((outcome) => [outcome.exception.id, outcome.state, outcome.accepted.length]),
    ).toEqual([
      ['EXC-1', 'active', 1],
      ['EXC-2', 'expired', 0],
      ['EXC-3', 'unused', 0],
    ]);
  });
});
