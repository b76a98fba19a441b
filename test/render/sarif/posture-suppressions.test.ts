import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sarifSchemaErrors } from '../findings/sarif-schema.js';
import { multitoolProblems } from '../../support/sarif-multitool.js';
import { renderAccepted } from '../../support/render-accepted.js';
import { dayFromToday } from '../../support/sample-exceptions.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();

interface Log {
  runs: {
    properties: { exceptions?: unknown };
    results: {
      properties: { policyId: string };
      suppressions?: { kind: string; status: string; justification: string; properties: unknown }[];
    }[];
  }[];
}

describe('render -f sarif of accepted risks', () => {
  it("suppresses an accepted policy's result as accepted, externally, with the reason, and records the exceptions files", async () => {
    const dir = tempDir();
    const { accepted, plain, exceptionsPath } = await renderAccepted('sarif', dir);
    const text = accepted.toString('utf8');
    const log = JSON.parse(text) as Log;
    expect(sarifSchemaErrors(log)).toEqual([]);
    const [run] = log.runs;
    const suppressed = run!.results.filter((result) => result.suppressions !== undefined);
    expect(suppressed.map((result) => result.properties.policyId).sort()).toEqual([
      'VMDiskEncryption',
      'VMJustInTimeAccess',
    ]);
    expect(suppressed.find((result) => result.properties.policyId === 'VMDiskEncryption')?.suppressions).toEqual([
      {
        kind: 'external',
        status: 'accepted',
        justification: 'Accepted until the platform migration ends.',
        properties: {
          exceptionId: 'EXC-1',
          expires: dayFromToday(90),
          owner: 'platform@example.com',
          approvedBy: 'ciso@example.com',
        },
      },
    ]);
    const sha256 = createHash('sha256').update(readFileSync(exceptionsPath)).digest('hex');
    expect(run!.properties.exceptions).toEqual({
      files: [{ path: 'exceptions.yaml', sha256, ids: ['EXC-1', 'EXC-2', 'EXC-3'] }],
      applied: ['EXC-1', 'EXC-2'],
    });
    expect(multitoolProblems(text, dir)).toEqual([]);
    expect(plain.toString('utf8')).not.toMatch(/suppressions|"exceptions"/);
  });
});
