import { existsSync, linkSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gateVerdict } from '../../src/jobs/gate-reports.js';
import { expandInputs } from '../../src/load/load-reports.js';
import type { AssertionResult, GateResult } from '../../src/model/gate.js';
import { fakeAnalysis } from '../support/fake-analysis.js';
import { keptTemporary } from '../support/kept-temporary.js';

/**
 * A folder of `count` empty report files, kept for later runs (keptTemporary): hard links
 * to a few empty files, a system call each and no new inode, which still took two seconds
 * to make and more to remove. ext4 allows 65,000 links to one file.
 */
async function cachedLinkFolder(count: number): Promise<string> {
  const cached = await keptTemporary(
    `cspm-test-links-${count}`,
    (building) => {
      mkdirSync(join(building, 'fleet'), { recursive: true });
      const seeds = Array.from({ length: Math.ceil(count / 60_000) }, (_, index) =>
        join(building, `seed-${index}.json`),
      );
      for (const seed of seeds) writeFileSync(seed, '');
      for (let index = 0; index < count; index += 1)
        linkSync(seeds[index % seeds.length]!, join(building, 'fleet', `a${index}.json`));
    },
    (path) => existsSync(join(path, 'fleet')) && readdirSync(join(path, 'fleet')).length === count,
  );
  return join(cached, 'fleet');
}

// More than a call takes arguments: a list spread into a call (push(...list), f(...list)) throws RangeError.
const fleetSized = 300_000;

describe('lists the size of a fleet', () => {
  it('a gate failing on 300,000 results gives a verdict with every reason, not a stack overflow', () => {
    const failing: AssertionResult = {
      name: 'floor',
      level: 'error',
      metric: 'compliancePercent',
      passed: false,
      actual: 10,
      expected: '>= 80',
      scope: 'r.json',
      message: 'compliancePercent is 10%, expected >= 80',
      pointer: '/assertions/0',
    };
    const gate: GateResult = {
      rulesFile: 'rules.json',
      status: 'fail',
      assertions: Array.from({ length: fleetSized }, () => failing),
    };
    const verdict = gateVerdict(fakeAnalysis([{ source: 'r.json' }]), gate, 'error');
    expect(verdict.exitCode).toBe(3);
    expect(verdict.reasons).toHaveLength(fleetSized);
  });

  it('a folder of 150,000 report files is listed, not a stack overflow', async () => {
    const inputs = await expandInputs([await cachedLinkFolder(150_000)]);
    expect(inputs).toHaveLength(150_000);
  }, 120_000);
});
