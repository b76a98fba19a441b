import { registryEntry } from '../registry-entry.js';
import type { FindingsFormat, FindingsFormatName } from '../../model/findings-format.js';
import { formatsOf, writersOf } from '../formats/format-views.js';
import { outputKinds } from '../formats/output-format.js';

/**
 * Every findings format of `check` and `gate` by name: a view of the output formats'
 * registry (src/render/formats/), where a new format is a file and a line.
 */
export const findingsFormats: Readonly<Record<FindingsFormatName, FindingsFormat>> = writersOf('findings');

/** Every findings format name, in the order help text lists them. */
export const findingsFormatNames: FindingsFormatName[] = formatsOf('findings');

/** The findings format called `name`; an unknown name is a usage error listing the known ones. */
export function getFindingsFormat(name: string): FindingsFormat {
  return registryEntry(findingsFormats, name, outputKinds.findings.named);
}
