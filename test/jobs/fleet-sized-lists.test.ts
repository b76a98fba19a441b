import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gateVerdict } from '../../src/jobs/gate-reports.js';
import { expandInputs } from '../../src/load/load-reports.js';
import type { AssertionResult, GateResult } from '../../src/model/gate.js';
import { fakeAnalysis } from '../support/fake-analysis.js';

/**
 * A folder of `count` empty report files, kept under the system's temporary folder for
 * later runs: hard links to a few empty files, a system call each and no new inode, which
 * still took two seconds to make and more to remove. It is made in a folder of its own
 * and renamed into place complete, so that runs side by side never list half of one; a
 * folder found with fewer files (a cleaner of old temporary files) is made again.
 * ext4 allows 65,000 links to one file.
 */
function cachedLinkFolder(count: number): string {
  const cached = join(tmpdir(), `cspm-test-links-${count}`);
  const fleet = join(cached, 'fleet');
  const complete = (): boolean => existsSync(join(cached, 'complete')) && readdirSync(fleet).length === count;
  if (complete()) return fleet;
  const building = mkdtempSync(join(tmpdir(), 'cspm-test-links-'));
  const seeds = Array.from({ length: Math.ceil(count / 60_000) }, (_, index) => join(building, `seed-${index}.json`));
  for (const seed of seeds) writeFileSync(seed, '');
  mkdirSync(join(building, 'fleet'));
  for (let index = 0; index < count; index += 1) linkSync(seeds[index % seeds.length]!, join(building, 'fleet', `a${index}.json`));
  writeFileSync(join(building, 'complete'), '');
  try {
    renameSync(building, cached);
  } catch {
    // Another run put its folder there first; one left incomplete (or cleaned away in part) goes.
    if (!complete()) {
      rmSync(cached, { recursive: true, force: true });
      renameSync(building, cached);
    } else rmSync(building, { recursive: true, force: true });
  }
  return fleet;
}

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
    const inputs = await expandInputs([cachedLinkFolder(150_000)]);
    expect(inputs).toHaveLength(150_000);
  }, 120_000);
});
