import type { Verdict } from '../../model/verdict.js';
import type { SkippedInput } from '../../model/document.js';
import { formatCheckText } from '../../render/findings/text-format.js';
import { renderSite, siteFileNames as namesOfSite, type SiteFile } from '../../render/site/render-site.js';
import type { ReportInput } from '../../load/load-reports.js';
import { buildSite, type BuildSiteOptions } from './build-site.js';

/** The names of the files every site has (besides a chunk per account), for the outputs' guard. */
export const siteFileNames: readonly string[] = namesOfSite;

/** What the command line writes for `site`: the site's files, or the findings of the scan that did not check. */
export type SiteToWrite =
  | { status: 'ok'; files: SiteFile[]; read: string[]; skipped: SkippedInput[]; verdict: Verdict }
  | { status: 'invalid'; findingsText: string; skipped: SkippedInput[]; verdict: Verdict };

/**
 * The site of a fleet over time, rendered: buildSite, then its files, or the findings
 * text of the scan that did not check (in colour when `color`), so that the command line
 * only writes.
 */
export async function siteToWrite(
  inputs: readonly ReportInput[],
  options: BuildSiteOptions & { color?: boolean } = {},
): Promise<SiteToWrite> {
  const result = await buildSite(inputs, options);
  if (result.status === 'invalid')
    return {
      status: 'invalid',
      findingsText: formatCheckText(result.analysis, { color: options.color === true }),
      skipped: result.skipped,
      verdict: result.verdict,
    };
  return {
    status: 'ok',
    files: [...renderSite(result.site)],
    read: result.read,
    skipped: result.skipped,
    verdict: result.verdict,
  };
}
