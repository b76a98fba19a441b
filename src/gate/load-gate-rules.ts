import { readFile } from 'node:fs/promises';
import { ioError } from '../load/read-text-file.js';
import type { GateRules } from '../model/gate-rules.js';
import { parseGateRules, presetAssertions } from './parse-gate-rules.js';

/**
 * Loads gate rules: a preset by its name (`cspm:recommended`), or a rules file in JSON
 * or YAML. A missing or unreadable file is a CspmError like a missing report; an invalid
 * one a `rules-invalid` CspmError with the pointer into it.
 */
export async function loadGateRules(pathOrPreset: string): Promise<GateRules> {
  // A `cspm:` name is a preset, known or not: an unknown one lists the presets rather
  // than saying no file of that name exists.
  if (pathOrPreset.startsWith('cspm:')) return { file: pathOrPreset, assertions: presetAssertions(pathOrPreset, '') };
  const text = await readFile(pathOrPreset, 'utf8').catch((error: unknown) => {
    throw ioError(pathOrPreset, error);
  });
  return parseGateRules(text.replace(/^\uFEFF/, ''), pathOrPreset);
}
