import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { CspmError } from '../../error/cspm-error.js';
import { ioError } from '../../load/io-error.js';
import { assertRegularFile } from '../../load/read-regular-file.js';
import type { PartialContentHashes, PartialSettings } from '../../model/partial.js';

/** The environment variable that holds the key of the shards' MACs; never an option, never written. */
export const shardKeyVariable = 'CSPM_SHARD_KEY';

/**
 * The shard key of an environment: undefined when unset or empty, so that an empty
 * variable in a CI file is not a key anyone can guess.
 */
export function shardKeyOf(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const key = env[shardKeyVariable];
  return key === undefined || key === '' ? undefined : key;
}

/** What a MAC'd partial result ends with: `,"mac":"` then 64 hex digits then `"}` and a newline. */
const macHead = ',"mac":"';
const macTail = '"}\n';
/** Bytes of the ending that holds the MAC. */
export const macSuffixLength = macHead.length + 64 + macTail.length;

/** An HMAC-SHA256 under `key`, to which the partial result's bytes are given as they are written. */
export function createShardMac(key: string): { update(text: string): void; suffix(): string } {
  const hmac = createHmac('sha256', key);
  return {
    update: (text) => hmac.update(text, 'utf8'),
    suffix: () => `${macHead}${hmac.digest('hex')}${macTail}`,
  };
}

/**
 * The run id a run derives when none is given: SHA-256 of the tool's version, the
 * settings, the content hashes and the sorted SHA-256 of every input file of the run,
 * so that shards of another run, or of other file contents, carry another id.
 */
export function derivedRunId(
  version: string,
  settings: PartialSettings,
  contentHashes: PartialContentHashes,
  digests: readonly string[],
): string {
  const hash = createHash('sha256');
  hash.update(`cspm-report ${version}\n${canonicalJson(settings)}\n${canonicalJson(contentHashes)}\n`);
  for (const digest of [...digests].sort()) hash.update(`${digest}\n`);
  return hash.digest('hex');
}

/** JSON with every object's keys sorted: one text for one value, whatever order it was built in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, member: unknown) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
    return Object.fromEntries(Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/**
 * Whether a partial result's file ends with a MAC right under `key` (see createShardMac),
 * read as a stream: every byte but the ending is given to the HMAC as it comes.
 * `absent` when the file does not end with a MAC at all.
 */
export async function fileMacStatus(path: string, key: string): Promise<'valid' | 'invalid' | 'absent'> {
  const hmac = createHmac('sha256', key);
  let held = Buffer.alloc(0);
  for await (const chunk of createReadStream(path)) {
    const bytes = Buffer.concat([held, chunk as Buffer]);
    const split = Math.max(0, bytes.length - macSuffixLength);
    hmac.update(bytes.subarray(0, split));
    held = bytes.subarray(split);
  }
  const ending = held.toString('latin1');
  if (held.length < macSuffixLength || !ending.startsWith(macHead) || !ending.endsWith(macTail)) return 'absent';
  const given = Buffer.from(ending.slice(macHead.length, macHead.length + 64), 'latin1');
  const expected = Buffer.from(hmac.digest('hex'), 'latin1');
  return timingSafeEqual(given, expected) ? 'valid' : 'invalid';
}

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
  const what =
    status === 'absent'
      ? `carries no MAC, and ${shardKeyVariable} is set: every shard must be run with the key`
      : `carries a MAC that is not right under ${shardKeyVariable}: the file was changed after its shard wrote it, or made with another key`;
  throw new CspmError('partial-refused', `${path} ${what}`, { data: { file: path, what } });
}
