import { exceptionsCheckMarkdown } from '../exceptions/exceptions-check-markdown.js';
import { markdownFormat } from '../findings/markdown-format.js';
import type { OutputFormatOf } from './output-format.js';

/** A Markdown summary of a run, within a pull-request comment's size, or of the states of exceptions. */
export const markdownEntry: OutputFormatOf<'findings' | 'exceptions'> = {
  findings: markdownFormat,
  exceptions: exceptionsCheckMarkdown,
};
