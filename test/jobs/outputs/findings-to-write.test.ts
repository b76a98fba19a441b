import { describe, expect, it } from 'vitest';
import { checkReports } from '../../../src/index.js';
import { findingsToWrite } from '../../../src/jobs/outputs/findings-to-write.js';
import { outputText } from '../../support/output-text.js';

const report = 'samples/broken/policy-counts.json';

describe('findingsToWrite', () => {
  it('colours the text on standard output only, and states the verdict in every format', async () => {
    const { analysis, verdict } = await checkReports(report);
    const { outputs, stepSummary } = findingsToWrite(
      { analysis, verdict, failOn: 'error' },
      [
        { format: 'text', path: '-' },
        { format: 'text', path: 'out.txt' },
        { format: 'json', path: 'out.json' },
      ],
      { color: true },
    );
    const [toTerminal, toFile, json] = await Promise.all(
      outputs.map(async (output) => outputText(await output.render())),
    );
    expect(toTerminal).toContain('\u001b[');
    expect(toFile).not.toContain('\u001b[');
    expect(toFile).toContain(report);
    expect((JSON.parse(json ?? '') as { verdict?: { exitCode: number } }).verdict?.exitCode).toBe(verdict.exitCode);
    expect(stepSummary).toBeUndefined();
  });

  it("gives a step summary with GitHub annotations, guarding the run's files", async () => {
    const { analysis, verdict } = await checkReports(report);
    const { stepSummary } = findingsToWrite(
      { analysis, verdict, failOn: 'error' },
      [
        { format: 'github', path: '-' },
        { format: 'json', path: 'out.json' },
      ],
      {},
      ['rules.json'],
    );
    expect(stepSummary?.guarded).toEqual([report, 'rules.json', 'out.json']);
    expect(stepSummary?.render()).toMatch(/^#/m);
  });
});
