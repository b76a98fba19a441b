import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { contextualizeEvaluation, convertFile } from 'inspecjs';
import { describe, expect, it } from 'vitest';
import { renderAccepted } from '../../support/render-accepted.js';
import { dayFromToday } from '../../support/sample-exceptions.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();

describe("HDF of accepted risks, read by MITRE's inspecjs", () => {
  it('waives the control of an accepted policy, keeping its failed result, and records the exceptions files', async () => {
    const { accepted, plain, exceptionsPath } = await renderAccepted('hdf', tempDir());
    const converted = convertFile(accepted.toString('utf8'), true);
    expect(converted.errors).toBeUndefined();
    const profile = contextualizeEvaluation(converted['1_0_ExecJson']!).contains[0]!;
    const waived = profile.contains.filter((control) => control.root.hdf.waived);
    expect(waived.map((control) => control.data.tags['policyId']).sort()).toEqual([
      'VMDiskEncryption',
      'VMJustInTimeAccess',
    ]);
    const critical = waived.find((control) => control.data.tags['policyId'] === 'VMDiskEncryption')!;
    expect(critical.root.hdf.status).toBe('Not Applicable');
    expect(critical.root.hdf.segments?.[0]?.status).toBe('failed');
    expect(critical.data.tags['compliance']).toBe('Red');
    expect(critical.root.hdf.severity).toBe('critical');
    const control = JSON.parse(accepted.toString('utf8')) as {
      profiles: { attributes: unknown[]; controls: { tags: { policyId: string }; waiver_data?: unknown }[] }[];
    };
    const [first] = control.profiles;
    expect(first?.controls.find((entry) => entry.tags.policyId === 'VMDiskEncryption')?.waiver_data).toEqual({
      justification: 'Accepted until the platform migration ends.',
      expiration_date: dayFromToday(90),
      run: true,
      skipped_due_to_waiver: true,
      message: `accepted under EXC-1 until ${dayFromToday(90)}, owner platform@example.com, approved by ciso@example.com`,
    });
    expect(first?.controls.filter((entry) => entry.waiver_data !== undefined)).toHaveLength(2);
    const sha256 = createHash('sha256').update(readFileSync(exceptionsPath)).digest('hex');
    expect(first?.attributes).toEqual([
      {
        name: 'cspm-report exceptions',
        options: {
          description: expect.any(String),
          value: {
            files: [{ path: 'exceptions.yaml', sha256, ids: ['EXC-1', 'EXC-2', 'EXC-3'] }],
            applied: ['EXC-1', 'EXC-2'],
          },
        },
      },
    ]);
    const none = contextualizeEvaluation(convertFile(plain.toString('utf8'), true)['1_0_ExecJson']!).contains[0]!;
    expect(none.contains.some((entry) => entry.root.hdf.waived)).toBe(false);
    expect(plain.toString('utf8')).not.toContain('waiver_data');
  });
});
