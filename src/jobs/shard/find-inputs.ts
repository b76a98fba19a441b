import { CspmError, isCspmError } from '../../error/cspm-error.js';
import { ioError } from '../../load/io-error.js';
import { loadReports } from '../../load/load-reports.js';
import { assertRegularFile } from '../../load/read-regular-file.js';
import { hashFile } from './hash-file.js';
import { fileMacStatus, shardKeyVariable } from './shard-mac.js';
import type { InputsFound, PartialSummary } from './verify-partials.js';

/**
 * Refuses a partial result without a MAC that is right under the key (see createShardMac).
 *
 * @throws CspmError `partial-refused`; the reader's errors
 */
export async function assertMac(path: string, key: string): Promise<void> {
  assertRegularFile(path);
  let status;
  try {
    status = await fileMacStatus(path, key);
  } catch (error) {
    throw ioError(path, error);
  }
  if (status === 'valid') return;
  const what = status === 'absent' ? `carries no MAC, and ${shardKeyVariable} is set: every shard must be run with the key` : `carries a MAC that is not right under ${shardKeyVariable}: the file was changed after its shard wrote it, or made with another key`;
  throw new CspmError('partial-refused', `${path} ${what}`, { data: { file: path, what } });
}

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
        const loaded = await loadReports({ path, listed: true }, { onSkip: () => (skippedNow = true), onDigest: (_, sha256) => digests.set(path, sha256) });
        if (loaded.length === 0 && skippedNow) skippable.add(path);
      } catch (error) {
        if (!isCspmError(error)) throw error;
        digests.set(path, { unreadable: error.message });
      }
    }
  }
  return { digests, skippable };
}
