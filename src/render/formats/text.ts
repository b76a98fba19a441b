import { exceptionsCheckText } from '../exceptions/exceptions-check-text.js';
import { textFormat } from '../findings/text-format.js';
import { trendTextRenderer } from '../trend/trend-text.js';
import type { OutputFormatOf } from './output-format.js';

/** Plain text for a person: the findings of a run, a trend, or the states of exceptions. */
export const textEntry: OutputFormatOf<'findings' | 'trend' | 'exceptions'> = {
  findings: textFormat,
  trend: trendTextRenderer,
  exceptions: exceptionsCheckText,
};
