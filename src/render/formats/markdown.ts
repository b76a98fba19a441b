import { markdownFormat } from '../findings/markdown-format.js';
import type { OutputFormatOf } from './output-format.js';

/** A Markdown summary of a run, within a pull-request comment's size. */
export const markdownEntry: OutputFormatOf<'findings'> = { findings: markdownFormat };
