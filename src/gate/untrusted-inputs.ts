import { ambiguousSources, untrustedSources } from '../model/fail-closed.js';
import type { Analysis } from '../model/analysis.js';
import type { AssertionResult } from '../model/gate.js';
import { plural } from '../text/plural.js';

/** The metric name of the gate's own assertion on its inputs. */
export const inputsMetric = 'validReports';

/**
 * The gate's own assertion that its inputs can be trusted, failing when they hold no
 * valid report at all, or when a document did not parse or one of its reports did not
 * validate (such a report is not analysed, so no rule could see its posture), or when
 * a document repeats a key within an object: JSON.parse kept the last of its values,
 * another reader may keep the first, so its figures are ambiguous. That holds even with
 * `duplicate-key` silenced, which only quiets the check. Nothing when every input is
 * sound: it is no assertion of the rules file.
 */
export function untrustedInputs(analysis: Analysis): AssertionResult | undefined {
  const ambiguous = ambiguousSources(analysis);
  const broken = untrustedSources(analysis).filter((source) => !ambiguous.includes(source));
  const valid = analysis.summary.reports;
  if (broken.length === 0 && ambiguous.length === 0 && valid > 0) return undefined;
  const reasons = [
    ...(broken.length > 0
      ? [
          `${broken.map((source) => source.source).join(', ')} ${broken.length === 1 ? 'is' : 'are'} unreadable, invalid or empty`,
        ]
      : []),
    ...ambiguous.map(
      (source) =>
        `${source.source} has ${plural(source.repeatedKeys ?? 0, 'repeated key')} (a key twice in one object), whose values are ambiguous: JSON.parse keeps the last, another reader may keep the first`,
    ),
  ];
  const why = valid === 0 ? 'the inputs hold no valid report' : reasons.join('; ');
  return {
    name: 'inputs are valid reports',
    level: 'error',
    metric: inputsMetric,
    passed: false,
    actual: valid,
    expected: 'every input a valid report, at least one',
    scope: 'all inputs',
    pointer: '',
    message: `${why}; a gate cannot pass on reports it could not read (see the check's findings)`,
  };
}
