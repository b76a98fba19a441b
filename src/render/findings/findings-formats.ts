import { registryEntry } from '../registry-entry.js';
import type { FindingsFormat } from '../../model/findings-format.js';
import { githubFormat } from './github-format.js';
import { gitlabFormat } from './gitlab-format.js';
import { jsonFormat } from './json-format.js';
import { sarifFormat } from './sarif-format.js';
import { junitFormat } from './junit-format.js';
import { markdownFormat } from './markdown-format.js';
import { textFormat } from './text-format.js';

/**
 * Every findings format of `check` and `gate` by name: a new format is a file beside
 * this one and a line here.
 */
export const findingsFormats = {
  text: textFormat,
  json: jsonFormat,
  sarif: sarifFormat,
  junit: junitFormat,
  github: githubFormat,
  gitlab: gitlabFormat,
  markdown: markdownFormat,
} as const satisfies Record<string, FindingsFormat>;

/** The name of one findings format (`--format` of check and gate). */
export type FindingsFormatName = keyof typeof findingsFormats;

/** Every findings format name, in the order help text lists them. */
export const findingsFormatNames = Object.keys(findingsFormats) as FindingsFormatName[];

/** The findings format called `name`; an unknown name is a usage error listing the known ones. */
export function getFindingsFormat(name: string): FindingsFormat {
  return registryEntry(findingsFormats, name, 'findings formats');
}
