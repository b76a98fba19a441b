/**
 * The invariants of the property-based suite, by name, and those that break on today's
 * code for a bug that is not fixed yet (their tests are expected to fail until it is).
 */

/** Invariants of every load and check, whatever the input (test/property/invariants.ts). */
export const checkInvariants = [
  'checkReports resolves for any report text',
  'findings name a catalogue rule',
  'findings have a severity',
  'findings have a message',
  'no rule crashes',
  'pointers are RFC 6901',
  'the summary counts the findings',
  'the summary counts the policies',
  'figures are finite numbers',
  'figures equal the recount',
  'percent lies in 0..100',
  'valid JSON gives no json-syntax finding',
  'invalid JSON gives one json-syntax finding',
  'json-syntax points at the first bad character',
  'duplicate-key findings match the repeated keys of the text',
  'formatCheckText does not throw',
  'check text shows no raw control character',
  'check text shows no raw bidi control',
  'formatCheckJson does not throw',
  'check JSON parses',
  'check JSON carries the summary',
] as const;

/**
 * Bugs the suite found that are not being fixed yet and that break check invariants in the pinned run of mutated
 * reports.
 */
export const openCheckBugs: Record<string, string> = {};

/** Invariants of every rendering of valid reports (test/property/render-invariants.ts). */
export const renderInvariants = [
  'renderHtml does not throw',
  'parse5 reads the HTML',
  'the HTML parses without errors',
  'HTML shows every report',
  'HTML shows every figure',
  'renderPdf does not throw',
  'pdf.js reads the PDF',
  'PDF shows every figure',
  'PDF metadata decodes as text',
  'PDF metadata holds no raw control character',
  'renderXlsx does not throw',
  'exceljs reads the XLSX',
  'the workbook has its four sheets',
  'XLSX shows every figure',
  'workbook cells hold no raw control character',
  'totals agree across formats and with the recount',
] as const;

/** Open bugs that break render invariants in the pinned run, with those of check. */
export const openRenderBugs: Record<string, string> = { ...openCheckBugs };
