import { describe, expect, it } from 'vitest';
import { ruleCatalogue } from '../../../src/analyse/rule-catalogue.js';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import type { AcceptedRisks, ExceptionOutcome, ExceptionState } from '../../../src/model/exceptions.js';
import type { FindingsFormatOptions, FindingsRun } from '../../../src/model/findings-format.js';
import { markdownLimitRange } from '../../../src/render/findings/markdown-budget.js';
import { markdownFormat } from '../../../src/render/findings/markdown-format.js';
import { gateResult, manyFindingsAnalysis, mixedAnalysis } from './findings-inputs.js';

function formatMarkdown(result: FindingsRun, options: Partial<FindingsFormatOptions> = {}): string {
  return markdownFormat.format(judgeFindingsResult(result), { rules: ruleCatalogue, color: false, ...options });
}

/** An exception's outcome in `state`, accepting `accepted` Red policies, with texts `text` wherever a person writes. */
function outcome(index: number, state: ExceptionState, accepted: number, text = ''): ExceptionOutcome {
  const matches = Array.from({ length: accepted }, (_, policy) => ({
    source: `${text}r.json`,
    pointer: `/0/ResourceCategories/0/Policies/${index * 1_000 + policy}`,
    policyId: `${text}Policy${index}-${policy}`,
    accountId: '111122223333',
    accountName: `${text}Production`,
    benchmarkId: 'CSBP',
    compliance: 'Red',
    severity: 'High',
  }));
  return {
    exception: {
      id: `${text}EXC-${index}`,
      policies: matches.map((match) => match.policyId),
      accounts: ['*'],
      reason: `${text}Accepted until the migration ends.`,
      owner: `${text}team@example.com`,
      approvedBy: 'ciso@example.com',
      approved: '2026-01-01',
      expires: '2026-12-31',
      file: `${text}risks.yaml`,
      pointer: `/exceptions/${index}`,
    },
    state,
    daysLeft: state === 'expired' ? -3 : 40,
    matches,
    accepted: state === 'expired' ? [] : matches,
  };
}

function risksOf(outcomes: ExceptionOutcome[], files = 1, text = ''): AcceptedRisks {
  return {
    files: Array.from({ length: files }, (_, index) => ({
      path: `${text}risks-${index}.yaml`,
      sha256: 'ab'.repeat(32),
      ids: outcomes.map((each) => each.exception.id),
    })),
    outcomes,
    judgedOn: '2026-12-02',
  };
}

describe('the Markdown of accepted risks within its budget', () => {
  it('lists what fits and counts the rest of each list, naming where every one is', async () => {
    const risks = risksOf([
      ...Array.from({ length: 10 }, (_, index) => outcome(index, 'active', 100)),
      ...Array.from({ length: 300 }, (_, index) => outcome(10 + index, 'expired', 1)),
    ]);
    const markdown = formatMarkdown(
      { analysis: await manyFindingsAnalysis(5_000), gate: gateResult(), exceptions: risks },
      { markdownLimit: markdownLimitRange.min, completeOutput: 'out/gate.json' },
    );
    expect(markdown.length).toBeLessThanOrEqual(markdownLimitRange.min);
    expect(markdown).toContain('\n### Accepted risks\n');
    expect(markdown).toContain('1,000 policies accepted under 10 of 310 exceptions; 300 expired: EXC-10');
    expect(markdown).toMatch(
      /\n_… and [\d,]+ more exceptions, to keep this text within its size: out\/gate\.json lists every one\._\n/,
    );
    expect(markdown).toMatch(
      /\n_(… and [\d,]+ more accepted policies|Accepted policies \(set apart, colour as scanned\): 1,000 accepted policies not shown), to keep this text within its size: out\/gate\.json lists every one\._\n/,
    );
  });

  it('keeps the smallest limit with the worst heading and accepted risks as long and escaped as they can be', async () => {
    const worst = '&'.repeat(5_000);
    const risks = risksOf(
      Array.from({ length: 20 }, (_, index) => outcome(index, index % 2 === 0 ? 'expired' : 'active', 5, worst)),
      10,
      worst,
    );
    const markdown = formatMarkdown(
      {
        analysis: await mixedAnalysis(),
        gate: { ...gateResult(), rulesFile: worst },
        verdict: { status: 'fail', exitCode: 3, reasons: Array.from({ length: 10 }, () => worst) },
        exceptions: risks,
      },
      { markdownLimit: markdownLimitRange.min, completeOutput: worst },
    );
    expect(markdown.length).toBeLessThanOrEqual(markdownLimitRange.min);
    expect(markdown).toContain('_and 7 more exceptions files; the json format lists them all_');
  });

  it('adds nothing to the text of a run without exceptions', async () => {
    const analysis = await mixedAnalysis();
    expect(formatMarkdown({ analysis, gate: gateResult() })).not.toContain('Accepted');
  });
});
