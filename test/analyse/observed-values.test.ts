import { describe, expect, it } from 'vitest';
import { hasObservedValues, observedValues } from '../../src/validate/observed-values.js';

describe('hasObservedValues', () => {
  it('agrees with the observed value lists for every combination, and rejects others', () => {
    for (const Compliance of [...observedValues.Compliance, 'green', 'Error']) {
      for (const Severity of [...observedValues.Severity, 'Medium']) {
        for (const RiskProbability of [...observedValues.RiskProbability, '', 'Likely']) {
          for (const RiskLevel of [...observedValues.RiskLevel, ' ', 'Orange']) {
            const expected =
              (observedValues.Compliance as readonly string[]).includes(Compliance) &&
              (observedValues.Severity as readonly string[]).includes(Severity) &&
              (observedValues.RiskProbability as readonly string[]).includes(RiskProbability) &&
              (observedValues.RiskLevel as readonly string[]).includes(RiskLevel);
            expect(hasObservedValues({ Compliance, Severity, RiskProbability, RiskLevel })).toBe(expected);
          }
        }
      }
    }
  });
});
