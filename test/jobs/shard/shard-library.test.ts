import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  gateReports,
  loadGateRules,
  mergePartials,
  renderReports,
  runShard,
  type GateRules,
} from '../../../src/index.js';
import { writeFleet } from '../../support/fleet.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();

/** The partial results of a gate split in two, written as `--shard i/2 -o` writes them. */
async function shardFiles(inputs: string, rules: GateRules, out: string): Promise<string[]> {
  const paths: string[] = [];
  for (const index of [1, 2]) {
    let text = '';
    for await (const line of runShard([inputs], {
      shard: { index, count: 2 },
      command: 'gate',
      failOn: 'error',
      rules,
    }))
      text += line;
    const path = join(out, `part-${index}.json`);
    writeFileSync(path, text);
    paths.push(path);
  }
  return paths;
}

/**
 * A program shards a run with the jobs alone, as the command line does: what a shard
 * keeps of each file (the policies its rules name) and the fleet figures file a merge
 * writes are the jobs' work, so the program gets the unsharded verdict and a file that
 * renders, with no option of the command line's to know about.
 */
describe('a sharded gate from a program', () => {
  it('judges the policies its rules name as the whole run does, and hands back the fleet figures file', async () => {
    const fleet = writeFleet(tempDir(), 6, undefined, false);
    const out = tempDir();
    const rulesPath = join(out, 'rules.json');
    writeFileSync(
      rulesPath,
      JSON.stringify({
        assertions: [
          { name: 'one policy', metric: 'policy', policy: 'VpnGatewayIkev2', mustNotBe: 'Red', level: 'warn' },
        ],
      }),
    );
    const rules = await loadGateRules(rulesPath);
    const whole = await gateReports(fleet.dir, { rules: rulesPath });
    const merged = await mergePartials(
      await shardFiles(fleet.dir, rules, out),
      { command: 'gate', failOn: 'error', rules },
      { fleet: true },
    );

    expect(merged.gate?.assertions.map(({ actual, passed }) => ({ actual, passed }))).toEqual(
      whole.gate?.assertions.map(({ actual, passed }) => ({ actual, passed })),
    );
    expect(merged.gate?.status).toBe(whole.gate?.status);
    expect(whole.gate?.assertions.length).toBe(6);
    // The record `merge --result` writes is the job's, as gate's is.
    expect(merged.record).toMatchObject({
      status: whole.record.status,
      exitCode: merged.verdict.exitCode,
      assertions: merged.gate?.assertions,
      summary: { policies: whole.record.summary?.policies },
    });

    expect(merged.fleetFile?.startsWith('{"cspmReportFleet":1,')).toBe(true);
    const figuresPath = join(out, 'fleet.json');
    writeFileSync(figuresPath, merged.fleetFile ?? '');
    const { plan, verdict } = await renderReports(figuresPath, { formats: ['html'] });
    expect(verdict.status).toBe('pass');
    expect(plan.documents.map((document) => document.status)).toEqual(['ready']);
  });
});
