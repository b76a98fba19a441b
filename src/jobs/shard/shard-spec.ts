import { createHash } from 'node:crypto';
import { CspmError } from '../../error/cspm-error.js';

/** One shard of a run: the `index`th (from 1) of `count`. */
export interface ShardSpec {
  index: number;
  count: number;
}

/** The most shards a run is split into: past a CI system's largest matrix. */
export const maxShards = 10_000;

/** `--shard i/n` read: whole numbers with 1 ≤ i ≤ n ≤ {@link maxShards}, else a usage error. */
export function parseShard(text: string): ShardSpec {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = match ? Number(match[1]) : Number.NaN;
  const count = match ? Number(match[2]) : Number.NaN;
  if (!(index >= 1 && count >= index && count <= maxShards)) {
    throw new CspmError(
      'usage',
      `--shard takes i/n, this run's shard i of n shards, whole numbers with 1 ≤ i ≤ n ≤ ${maxShards.toLocaleString('en-US')} (--shard 2/4), not "${text}"`,
      {
        data: { option: 'shard', value: text },
      },
    );
  }
  return { index, count };
}

/**
 * The shard (from 1) a file belongs to among `count`: the FNV-1a hash of its path as
 * listed (UTF-8), modulo `count`. Stable: a file keeps its shard whatever other files
 * are added or removed, and every job of a CI matrix computes the same split.
 */
export function shardOfPath(path: string, count: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(path, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % count) + 1;
}

/**
 * What every shard of a run must agree on about its inputs: how many files the whole
 * run lists and a digest of their paths, so that a merge of shards that listed other
 * folders (another checkout, a file added between two jobs) fails rather than passing
 * on a part of the fleet.
 */
export interface InputsListing {
  files: number;
  /** SHA-256 of the listed paths, each followed by a newline, in input order. */
  digest: string;
}

/** The listing of a run's files (see {@link InputsListing}). */
export function listingOf(paths: readonly string[]): InputsListing {
  const hash = createHash('sha256');
  for (const path of paths) hash.update(`${path}\n`);
  return { files: paths.length, digest: hash.digest('hex') };
}
