import type { Verdict } from '../../model/verdict.js';
import type { SkippedInput } from '../../model/document.js';
import { formatCheckText } from '../../render/findings/text-format.js';
import {
  renderShard,
  renderSite,
  siteDataFilePatterns,
  siteFileNames as namesOfSite,
  type SiteFile,
} from '../../render/site/render-site.js';
import type { ReportInput } from '../../load/load-reports.js';
import { buildSite, type BuildSiteOptions } from './build-site.js';

export type { SiteFile } from '../../render/site/render-site.js';

/** The names of the files every site has (besides its shards of accounts and its policies), for the outputs' guard. */
export const siteFileNames: readonly string[] = namesOfSite;

export { siteDataFilePatterns };

/** What `site` wrote: the files' count, or the findings of the scan that did not check (and nothing written). */
export type SiteWritten =
  | { status: 'ok'; files: number; read: string[]; skipped: SkippedInput[]; warnings: string[]; verdict: Verdict }
  | { status: 'invalid'; findingsText: string; skipped: SkippedInput[]; verdict: Verdict };

/**
 * The site of a fleet over time, built and rendered, each file handed to `write` as it is
 * made (the shards of accounts read a whole account at a time, while the rest is read);
 * or the findings text of the scan that did not check (in colour when `color`), after
 * which the caller discards what it was given.
 */
export async function siteToWrite(
  inputs: readonly ReportInput[],
  options: BuildSiteOptions & { color?: boolean },
  write: (file: SiteFile) => Promise<void>,
): Promise<SiteWritten> {
  let files = 0;
  const written = async (file: SiteFile): Promise<void> => {
    await write(file);
    files += 1;
  };
  const result = await buildSite(inputs, {
    ...options,
    takeShards: async (shards) => {
      for (const shard of shards) await written(renderShard(shard));
    },
  });
  if (result.status === 'invalid')
    return {
      status: 'invalid',
      findingsText: formatCheckText(result.analysis, { color: options.color === true }),
      skipped: result.skipped,
      verdict: result.verdict,
    };
  for (const file of renderSite(result.site)) await written(file);
  return {
    status: 'ok',
    files,
    read: result.read,
    skipped: result.skipped,
    warnings: result.warnings,
    verdict: result.verdict,
  };
}
