import { isCspmError } from '../../error/cspm-error.js';
import { loadReports } from '../../load/load-reports.js';
import { hashFile } from './hash-file.js';
import type { InputsFound, PartialSummary } from './verify-partials.js';

/**
 * Every input the partial results list, as it is where the merge runs: each file's
 * SHA-256 read now, and which skipped files the loader indeed skips (one of the tool's
 * own outputs found in a folder), judged again here rather than taken from the shard.
 */
export async function findInputs(partials: readonly PartialSummary[]): Promise<InputsFound> {
  const digests = new Map<string, string | { unreadable: string }>();
  const skippable = new Set<string>();
  for (const { files } of partials) {
    for (const { source } of files) {
      try {
        digests.set(source, hashFile(source));
      } catch (error) {
        if (!isCspmError(error)) throw error;
        digests.set(source, { unreadable: error.message });
      }
    }
  }
  for (const { skipped } of partials) {
    for (const { path } of skipped) {
      let skippedNow = false;
      try {
        const loaded = await loadReports(
          { path, listed: true },
          { onSkip: () => (skippedNow = true), onDigest: (_, sha256) => digests.set(path, sha256) },
        );
        if (loaded.length === 0 && skippedNow) skippable.add(path);
      } catch (error) {
        if (!isCspmError(error)) throw error;
        digests.set(path, { unreadable: error.message });
      }
    }
  }
  return { digests, skippable };
}
