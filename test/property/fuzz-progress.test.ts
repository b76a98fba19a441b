import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCampaign } from './campaign.js';

type ProgressLines = (name: string, write: (line: string) => void) => (done: number) => void;

/** The lines `npm run fuzz` prints while a campaign of `runs` cases of `name` goes on. */
async function linesOf(name: string, runs: number): Promise<string[]> {
  const { progressLines } = (await import(pathToFileURL('scripts/fuzz/progress-lines.js').href)) as {
    progressLines: ProgressLines;
  };
  const lines: string[] = [];
  const quick = { arbitrary: fc.constant(0), predicate: () => Promise.resolve() };
  await runCampaign(quick, {
    seed: 1,
    runs,
    shrink: false,
    onProgress: progressLines(name, (line) => lines.push(line)),
  });
  return lines;
}

// The campaign told its caller only every 1,000 cases, so the script's "200 done" lines of
// a render campaign (2,000 cases, about a second each) never appeared between 1,000s.
describe('the progress lines of npm run fuzz', () => {
  it('prints "200 done" every 200 render cases', async () => {
    expect(await linesOf('render', 700)).toEqual(['  200 done\n', '  400 done\n', '  600 done\n']);
  });

  it('prints a line every 10,000 check cases, none before', async () => {
    expect(await linesOf('check', 9_999)).toEqual([]);
    expect(await linesOf('check', 20_000)).toEqual(['  10,000 done\n', '  20,000 done\n']);
  });
});
