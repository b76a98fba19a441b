/**
 * The renderers one at a time, for the fuzzer and the property tests: what they call beside
 * the public entry (src/index.ts) to render an analysis without a job around it. The command
 * line renders through the jobs (src/internal.ts) and never imports this. Not part of the
 * package's exports.
 */
export { formatCheckText } from './render/findings/text-format.js';
export { formatCheckJson } from './render/findings/json-format.js';
export { renderHtml, renderPdf, renderXlsx } from './render/renderers.js';
export { displayPercent } from './render/display-values.js';
