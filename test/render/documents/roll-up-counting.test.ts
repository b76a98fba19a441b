import { describe, expect, it } from 'vitest';
import { accountOverlaps } from '../../../src/analyse/account-overlap.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { hasProgram } from '../../support/system-program.js';
import { minimalReport } from '../../support/minimal-report.js';
import { once } from './manager-report.js';
import { popplerText } from './poppler-text.js';
import { htmlText, rowsOf, viewOf, workbookOf } from './support.js';

const sample = 'samples/azure-multi-benchmark.json';
// Three benchmarks of one account: 69 + 72 + 47 = 188 policies, 109 distinct PolicyIds.
const note =
  "The roll-up counts each benchmark report's policies: a policy mapped into several benchmarks of one account counts once per benchmark. Fabrikam Payments - Production has 3 benchmark reports whose 188 policies are 109 distinct policy ids.";
const view = once(() => viewOf(sample));

describe('the roll-up of one account scanned against several benchmarks', () => {
  it('sums the benchmark reports, a shared policy once per benchmark, and says how many are distinct', async () => {
    const overlaps = accountOverlaps((await analyseInputs(sample)).sources.flatMap((source) => source.reports));
    expect(overlaps).toEqual([
      {
        accountId: expect.any(String) as string,
        accountName: 'Fabrikam Payments - Production',
        reports: 3,
        policies: 188,
        distinctPolicies: 109,
      },
    ]);
    expect((await view()).rollup.policies).toBe(188);
    expect((await view()).rollup.countingNote).toBe(note);
  });

  it.each(['full', 'executive'] as const)('%s tier: the HTML roll-up says so', async (tier) => {
    expect(await htmlText(await view(), { tier })).toContain(note);
  });

  it.skipIf(!hasProgram('pdftotext', 'poppler-utils'))('the PDF cover says so, read by poppler', async () => {
    expect(await popplerText(await view(), {}, { first: 1, last: 1 })).toContain(note);
  });

  it("the workbook's Summary says so", async () => {
    const rows = rowsOf(await workbookOf(await view()), 'Summary');
    expect(rows.find((row) => row[0] === 'Roll-up counting')?.[1]).toBe(note);
  });

  it('says nothing for one report, nor for reports of different accounts', async () => {
    expect((await viewOf('samples/azure-csbp.json')).rollup.countingNote).toBeNull();
    const other = {
      ...minimalReport(),
      AccountId: 'a1b2c3d4-0000-4000-8000-0000000000aa',
      AccountName: 'Fabrikam',
      JobId: 'a1b2c3d4-0000-4000-8000-0000000000ab',
    };
    const two = await viewOf({ value: [minimalReport(), other], name: 'two-accounts.json' });
    expect(two.rollup.reports).toBe(2);
    expect(two.rollup.countingNote).toBeNull();
  });
});
