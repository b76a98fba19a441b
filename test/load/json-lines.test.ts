import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLinesAsArray } from '../../src/load/json-lines.js';
import { loadReports } from '../../src/load/load-reports.js';
import { prowlerFinding } from '../support/prowler-finding.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

describe('JSON Lines', () => {
  it('are read as the array of their lines, blank lines aside', () => {
    expect(jsonLinesAsArray('{"a":1}\n\n{"b":2}\r\n')).toBe('[{"a":1},\n{"b":2}]');
  });

  it('are not what one value, an array or a single line is', () => {
    expect(jsonLinesAsArray('[1,\n2]')).toBeUndefined();
    expect(jsonLinesAsArray('{"a":1}')).toBeUndefined();
    expect(jsonLinesAsArray('{"a":1}\n')).toBeUndefined();
  });

  it('of Prowler findings load as the Prowler document, its items at /N', async () => {
    const lines = [prowlerFinding({ status: 'PASS' }), prowlerFinding({ check: 'b', status: 'MAYBE' })];
    const [document] = await loadReports({
      text: lines.map((line) => JSON.stringify(line)).join('\n'),
      name: 'scan.jsonl',
    });
    expect(document!.builtFrom).toBe('prowler-ocsf');
    expect(document!.candidates).toHaveLength(1);
    expect(document!.findings.map((finding) => finding.pointer)).toEqual(['/1/status_code']);
  });

  it('with a line that is not JSON are refused as not valid JSON', async () => {
    const [document] = await loadReports({ text: '{"a":1}\n{"b":\n', name: 'cut.jsonl' });
    expect(document!.findings.map((finding) => finding.rule)).toEqual(['json-syntax']);
  });

  it('that repeat a key within a line say so, at the line', async () => {
    const [document] = await loadReports({ text: '{"a":1}\n{"b":2,"b":3}\n', name: 'repeat.jsonl' });
    expect(document!.findings).toContainEqual(expect.objectContaining({ rule: 'duplicate-key', pointer: '/1/b' }));
  });
});

describe('--from', () => {
  it('reads a file as the format named, even one another reader would take', async () => {
    const file = join(tempDir(), 'scan.json');
    writeFileSync(file, JSON.stringify([prowlerFinding({ status: 'FAIL' })]));
    const told = await runInProcess(['check', file, '--no-config']);
    expect(told.stdout).toMatch(/1 valid report, 1 policy/);
    const forced = await runInProcess(['check', file, '--from', 'cspm', '--no-config']);
    expect(forced.code).toBe(1);
    expect(forced.stdout).toContain('not an audit report');
  });

  it('refuses a format nobody knows, listing those known', async () => {
    const result = await runInProcess(['check', 'samples/aws-cis.json', '--from', 'nessus', '--no-config']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/prowler-ocsf/);
    expect(result.stderr).toMatch(/cspm/);
  });
});
