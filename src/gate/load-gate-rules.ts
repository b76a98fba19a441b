import { CspmError } from '../error/cspm-error.js';
import { decodeText } from '../load/decode-text.js';
import { readRegularFile } from '../load/read-regular-file.js';
import type { GateRules } from '../model/gate-rules.js';
import { parseGateRules, presetAssertions } from './parse-gate-rules.js';

/** A rules file larger than this is surely not a rules file. */
const maxRulesBytes = 10 * 2 ** 20;

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
    new CspmError('input-too-large', `${pathOrPreset} is ${Math.round(size / 2 ** 20)} MiB; a rules file may be at most 10 MiB`, { data: { path: pathOrPreset, bytes: size, limit: maxRulesBytes } });
  return parseGateRules(decodeText(readRegularFile(pathOrPreset, maxRulesBytes, tooLarge)), pathOrPreset);
}
