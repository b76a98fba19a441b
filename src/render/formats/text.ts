import { textFormat } from '../findings/text-format.js';
import { trendTextRenderer } from '../trend/trend-text.js';
import type { OutputFormatOf } from './output-format.js';

/** Plain text for a person: the findings of a run, or a trend. */
export const textEntry: OutputFormatOf<'findings' | 'trend'> = {
  findings: textFormat,
  trend: trendTextRenderer,
};
