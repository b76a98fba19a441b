import type { PercentFormula } from '../model/analysis.js';
import type { RuleHit } from '../model/rule.js';
import {
  computePercent,
  fittingFormulas,
  percentFormulas,
  percentMatches,
  type PercentInputs,
} from './percent-formulas.js';

function show(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/**
 * Compares a stated CompliancePercent with the formula in force and, when they
 * differ, names the formula the stated value does fit, so that a user can pin it.
 */
export function checkPercent(
  subject: () => string,
  pointer: string,
  stated: number,
  inputs: PercentInputs,
  formula: PercentFormula,
): RuleHit | undefined {
  const computed = computePercent(formula, inputs);
  if (percentMatches(stated, computed)) return undefined;
  const fits = fittingFormulas(stated, inputs);
  const fitWords =
    fits.length > 0
      ? `the stated value fits ${fits.join(', ')} (--percent-formula)`
      : 'the stated value fits none of the known formulas';
  return {
    pointer,
    message: `${subject()} states CompliancePercent ${show(stated)}, but ${percentFormulas[formula].description} gives ${show(computed)}; ${fitWords}`,
    expected: computed,
    actual: stated,
  };
}
