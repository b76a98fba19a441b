import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gateVerdict } from '../../src/jobs/gate-reports.js';
import { expandInputs } from '../../src/load/load-reports.js';
import type { AssertionResult, GateResult } from '../../src/model/gate.js';
import { fakeAnalysis } from '../support/fake-analysis.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

// More than a call takes arguments: a list spread into a call (push(...list), f(...list)) throws RangeError.
const fleetSized = 300_000;

describe('lists the size of a fleet', () => {
  it('a gate failing on 300,000 results gives a verdict with every reason, not a stack overflow', () => {
    const failing: AssertionResult = { name: 'floor', level: 'error', metric: 'compliancePercent', passed: false, actual: 10, expected: '>= 80', scope: 'r.json', message: 'compliancePercent is 10%, expected >= 80', pointer: '/assertions/0' };
    const gate: GateResult = { rulesFile: 'rules.json', status: 'fail', assertions: Array.from({ length: fleetSized }, () => failing) };
    const verdict = gateVerdict(fakeAnalysis([{ source: 'r.json' }]), gate, 'error');
    expect(verdict.exitCode).toBe(3);
    expect(verdict.reasons).toHaveLength(fleetSized);
  });

  it('a folder of 150,000 report files is listed, not a stack overflow', async () => {
    const parent = tempDir();
    const dir = join(parent, 'fleet');
    mkdirSync(dir);
    // Hard links to a few empty files, a system call each and no new inode: creating
    // 150,000 files took most of the test's time. ext4 allows 65,000 links to one file.
    const seeds = Array.from({ length: 3 }, (_, index) => join(parent, `seed-${index}.json`));
    for (const seed of seeds) writeFileSync(seed, '');
    for (let index = 0; index < 150_000; index += 1) linkSync(seeds[index % seeds.length]!, join(dir, `a${index}.json`));
    const inputs = await expandInputs([dir]);
    expect(inputs).toHaveLength(150_000);
  }, 120_000);
});
