import { createHash } from 'node:crypto';
import { readRegularFile } from '../../load/read-regular-file.js';
import { maxTextBytes, tooLarge } from '../../load/read-text-file.js';
import { rulesFileDigest } from '../../gate/load-gate-rules.js';
import type { GateRules } from '../../model/gate-rules.js';
import type { PartialContentHashes } from '../../model/partial.js';
import type { RunExceptions } from '../exceptions/read-exceptions.js';

/**
 * SHA-256 (hex) of a file's bytes, read as the loader reads an input (a regular file
 * only, within the size it takes): for a file this process does not analyse (another
 * shard's, or one a merge checks again).
 *
 * @throws CspmError as readRegularFile does: not found, not regular, unreadable, too large
 */
export function hashFile(path: string): string {
  return createHash('sha256')
    .update(readRegularFile(path, maxTextBytes, (size) => tooLarge(path, size)))
    .digest('hex');
}

/**
 * The content hashes a sharded run records and a merge expects (see PartialContentHashes):
 * the SHA-256 of the bytes the gate's rules were loaded from, none for a preset (its
 * assertions are the tool's).
 */
export function contentHashesOf(rules: GateRules | undefined): PartialContentHashes {
  if (rules === undefined || rules.file.startsWith('cspm:')) return {};
  // Rules made without loadGateRules (a library caller's) are hashed from the file.
  return { rules: rulesFileDigest(rules) ?? hashFile(rules.file) };
}

/**
 * The content hashes of a run's exceptions files: the SHA-256 of the bytes each was read
 * from, in the order given; none for a run without exceptions, so that its partial result
 * stays as it was.
 */
export function exceptionsHashesOf(run: RunExceptions | undefined): PartialContentHashes {
  return run === undefined ? {} : { exceptions: run.files.map((file) => file.sha256) };
}
