import { createHash } from 'node:crypto';
import { CspmError } from '../error/cspm-error.js';
import { decodeText } from '../load/decode-text.js';
import { readRegularFile } from '../load/read-regular-file.js';
import type { GateRules } from '../model/gate-rules.js';
import { parseGateRules, presetAssertions } from './parse-gate-rules.js';

/** A rules file larger than this is surely not a rules file. */
const maxRulesBytes = 10 * 2 ** 20;

/**
 * The SHA-256 of the bytes each loaded rules file was parsed from, beside the rules
 * rather than in them: the rules are written as they are (a shard's settings), and the
 * digest must be of the very bytes read, not of a second read the file may have changed by.
 */
const digests = new WeakMap<GateRules, string>();

/**
 * The SHA-256 (hex) of the bytes `rules` were loaded from; undefined for a preset or rules not made by {@link
 * loadGateRules}.
 */
export function rulesFileDigest(rules: GateRules): string | undefined {
  return digests.get(rules);
}

/**
 * Loads gate rules: a preset by its name (`cspm:recommended`), or a rules file in JSON
 * or YAML. The file is read like a report: a regular file only (a pipe cannot block the
 * run), its size capped, a byte order mark honoured. A missing or unreadable file is a
 * CspmError like a missing report; an invalid one a `rules-invalid` CspmError with the
 * pointer into it.
 */
export async function loadGateRules(pathOrPreset: string): Promise<GateRules> {
  // A `cspm:` name is a preset, known or not: an unknown one lists the presets rather
  // than saying no file of that name exists.
  if (pathOrPreset.startsWith('cspm:')) return { file: pathOrPreset, assertions: presetAssertions(pathOrPreset, '') };
  const tooLarge = (size: number): CspmError =>
    new CspmError(
      'input-too-large',
      `${pathOrPreset} is ${Math.round(size / 2 ** 20)} MiB; a rules file may be at most 10 MiB`,
      { data: { path: pathOrPreset, bytes: size, limit: maxRulesBytes } },
    );
  const bytes = readRegularFile(pathOrPreset, maxRulesBytes, tooLarge);
  const rules = parseGateRules(decodeText(bytes), pathOrPreset);
  digests.set(rules, createHash('sha256').update(bytes).digest('hex'));
  return rules;
}
