import { describe, expect, it, vi } from 'vitest';
import { exitCodeOf } from '../../../src/error/error-codes.js';
import { type CspmError, isCspmError } from '../../../src/error/cspm-error.js';
import { cliMessage } from '../../../src/cli/error-text.js';
import { renderDocuments } from '../../../src/render/render-documents.js';
import { htmlRenderer } from '../../../src/render/html/render-html.js';
import { assertHtmlPageFits, htmlPageLimit } from '../../../src/render/html/page-size.js';
import { fakeAnalysis } from '../../support/fake-analysis.js';
import { generatedReports, viewOf } from './views.js';

/** The page's last step, made to fail as V8 does when a string would pass its longest. */
const pageTooLong = vi.hoisted(() => ({ now: false }));
vi.mock('../../../src/text/show-control-characters.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/text/show-control-characters.js')>();
  return {
    ...original,
    showControlCharacters: (...args: Parameters<typeof original.showControlCharacters>) => {
      if (pageTooLong.now) throw new RangeError('Invalid string length');
      return original.showControlCharacters(...args);
    },
  };
});

/**
 * A fleet as the render job plans it: `reports` reports of `policies` policies in all,
 * of `accounts` AccountIds in turn (the plan reads the counts and the ids only).
 */
function fleet(reports: number, policies: number, accounts = 1) {
  const analysis = fakeAnalysis([{ source: 'fleet', valid: reports }]);
  const shells = (analysis.sources[0]?.reports ?? []).map(
    (shell, index) => ({ ...shell, report: { AccountId: `account-${index % accounts}` } }) as typeof shell,
  );
  return {
    ...analysis,
    sources: analysis.sources.map((source) => ({ ...source, reports: shells })),
    summary: { ...analysis.summary, policies },
  };
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('an HTML page longer than one string can be', () => {
  it('is refused before rendering, naming the limit and the ways around it, exit 2', () => {
    const error = thrown(() => renderDocuments(fleet(5_000, 2_500_000), { formats: ['html'], combine: true }));
    expect(isCspmError(error) && error.code).toBe('document-too-large');
    expect((error as Error).message).toBe(
      'document too large: one HTML page of 5,000 reports and 2,500,000 policies would take about 572 MiB, past the 461 MiB one page can hold; render one document per input, or the executive or fleet tier',
    );
    expect(exitCodeOf('document-too-large')).toBe(2);
    // The library names no flag; the command line adds them.
    expect(cliMessage(error as CspmError)).toMatch(
      /the executive or fleet tier; give --out-dir for one document per input, or --tier executive or --tier fleet$/,
    );
  });

  it('is let through when the page is the executive one, or the format another', () => {
    expect(
      renderDocuments(fleet(5_000, 2_500_000), { formats: ['html'], combine: true, tier: 'executive' }).documents,
    ).toHaveLength(1);
    expect(renderDocuments(fleet(5_000, 2_500_000), { formats: ['xlsx'], combine: true }).documents).toHaveLength(1);
  });

  it('is let through as the fleet tier, the default for reports of more than 20 accounts', () => {
    expect(
      renderDocuments(fleet(5_000, 2_500_000, 5_000), { formats: ['html'], combine: true }).documents,
    ).toHaveLength(1);
    expect(() =>
      renderDocuments(fleet(5_000, 2_500_000, 5_000), { formats: ['html'], combine: true, tier: 'full' }),
    ).toThrow(/^document too large: /);
  });

  it('is estimated from the counts, against a limit that a test can make small', () => {
    expect(htmlPageLimit).toBeLessThan(2 ** 29 - 24);
    expect(() => assertHtmlPageFits(1, 10, 1_000_000)).not.toThrow();
    expect(() => assertHtmlPageFits(10, 10_000, 1_000_000)).toThrow(/past the 1 MiB one page can hold/);
  });

  it('is told as too large, not as an internal error, when rendering fails on the string length anyway', async () => {
    const view = await viewOf(generatedReports(2, 2, 3));
    pageTooLong.now = true;
    try {
      const error = await htmlRenderer.render(view, {}).catch((caught: unknown) => caught);
      expect(isCspmError(error) && error.code).toBe('document-too-large');
      expect((error as Error).message).toMatch(
        /^document too large: one HTML page of 2 reports and 12 policies is longer than the 512 MiB a page can hold; render one document per input, or the executive or fleet tier$/,
      );
    } finally {
      pageTooLong.now = false;
    }
  });
});
