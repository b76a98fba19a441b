import type { FindingsFormat, FindingsResult } from '../../model/findings-format.js';
import type { RuleInfo } from '../../model/rule.js';
import { writeSarifLog } from './sarif/sarif-run.js';

/**
 * The check or gate result as SARIF 2.1.0 text on one line, with a final newline. Not
 * indented, unlike the json format: SARIF is read by programs, and indenting made the
 * text two thirds larger and twice as slow to write, against GitHub's upload limit of
 * 10 MB (gzip-compressed). Like the json format, bidirectional and C1 control characters
 * are written as `\uXXXX` escapes, which a SARIF reader decodes to the same text.
 */
export function formatSarif(result: FindingsResult, rules: readonly RuleInfo[]): string {
  return writeSarifLog(result, rules);
}

/** `--format sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers. */
export const sarifFormat: FindingsFormat = {
  name: 'sarif',
  extension: 'sarif',
  placesFindings: true,
  mediaType: 'application/sarif+json',
  describe: 'SARIF 2.1.0, for GitHub code scanning and other SARIF viewers',
  format: (result, options) => formatSarif(result, options.rules),
};
