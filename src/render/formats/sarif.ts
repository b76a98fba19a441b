import { sarifFormat } from '../findings/sarif-format.js';
import type { OutputFormatOf } from './output-format.js';

/**
 * SARIF 2.1.0: the findings of a run (a `.sarif` output of diff is its regressions, as
 * the findings format claims the name first), or the posture of a document. The posture
 * reads no format-specific option: every one given with -f sarif alone is warned of.
 */
export const sarifEntry: OutputFormatOf<'findings' | 'document'> = {
  findings: sarifFormat,
  document: {
    format: 'sarif',
    extension: 'sarif',
    mediaType: 'application/sarif+json',
    render: async (view) => (await import('../sarif/render-posture-sarif.js')).renderPostureSarifView(view),
    reads: [],
  },
};
