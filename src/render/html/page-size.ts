import { CspmError } from '../../error/cspm-error.js';

/**
 * What one full HTML page costs, in characters, as measured on generated reports
 * (scripts/generate-report.js): the page itself, each report's section and data block,
 * and each policy's row data. Rounded up, so that the estimate errs towards refusing.
 */
const charactersPer = { page: 40_000, report: 20_000, policy: 200 };

/**
 * The longest string V8 makes (2^29 − 24 characters on 64-bit Node 20): the page is
 * one string, so a longer one fails with "Invalid string length" only after minutes of
 * work. Refused above 90 % of it, for policy texts longer than the measured ones.
 */
export const htmlPageLimit = Math.floor((2 ** 29 - 24) * 0.9);

/** How the page can be had instead, said by both refusals (the command line names its flags). */
const wayAround = 'render one document per input, or the executive or fleet tier';

/**
 * Refuses, before any rendering, a full HTML page of `reports` reports and `policies`
 * policies that would pass V8's longest string (until the page is streamed).
 *
 * @throws CspmError `document-too-large`, naming the limit and the way around it
 */
export function assertHtmlPageFits(reports: number, policies: number, limit = htmlPageLimit): void {
  const estimate = charactersPer.page + reports * charactersPer.report + policies * charactersPer.policy;
  if (estimate <= limit) return;
  throw tooLarge(
    `one HTML page of ${reports.toLocaleString('en-US')} reports and ${policies.toLocaleString('en-US')} policies would take about ${megabytes(estimate)}, past the ${megabytes(limit)} one page can hold; ${wayAround}`,
    reports,
    policies,
    limit,
  );
}

/**
 * The error for a page that proved too long while rendering (V8's RangeError "Invalid
 * string length"), or undefined for any other error: the backstop of the estimate.
 */
export function pageTooLongError(error: unknown, reports: number, policies: number): CspmError | undefined {
  if (!(error instanceof RangeError) || !/Invalid string length/i.test(error.message)) return undefined;
  return tooLarge(
    `one HTML page of ${reports.toLocaleString('en-US')} reports and ${policies.toLocaleString('en-US')} policies is longer than the ${megabytes(2 ** 29 - 24)} a page can hold; ${wayAround}`,
    reports,
    policies,
    htmlPageLimit,
    error,
  );
}

function tooLarge(
  detail: string,
  reports: number,
  policies: number,
  limit: number,
  cause?: unknown,
): CspmError<'document-too-large'> {
  return new CspmError('document-too-large', detail, {
    data: { format: 'html', reports, policies, limit },
    ...(cause === undefined ? {} : { cause }),
  });
}

function megabytes(characters: number): string {
  return `${Math.round(characters / 2 ** 20).toLocaleString('en-US')} MiB`;
}
