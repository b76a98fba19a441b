import { describe, expect, it } from 'vitest';
import {
  foldValue,
  hasObservedValues,
  isObserved,
  observedValues,
  severityOrder,
  type CodedField,
} from '../../src/model/observed-values.js';

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

describe('isObserved', () => {
  it.each<[CodedField, string[], string[]]>([
    ['Compliance', ['Green', 'Red', 'Amber', 'Gray'], ['green', 'Grey', 'Yellow', '']],
    ['Severity', ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'], ['critical', 'Medium', 'Very Low', '']],
    ['RiskProbability', ['Certain', 'High', 'Moderate', 'NotLikely', ' '], ['', 'Likely', 'certain']],
    ['RiskLevel', ['Red', 'Amber', 'Green', ''], [' ', 'Gray', 'red']],
    ['ConnectorType', ['AWS', 'Azure', 'Office365', 'GCP', 'Kubernetes'], ['aws', 'VMware', '']],
  ])('%s: %j are observed, %j are not', (field, observed, unknown) => {
    for (const value of observed) expect([value, isObserved(field, value)]).toEqual([value, true]);
    for (const value of unknown) expect([value, isObserved(field, value)]).toEqual([value, false]);
  });

  it('orders severities from the worst down', () => {
    expect(severityOrder).toEqual(['Critical', 'High', 'Moderate', 'Low', 'VeryLow']);
  });
});

describe('foldValue', () => {
  it.each<[CodedField, string, string | undefined]>([
    ['Severity', 'critical', 'Critical'],
    ['Severity', 'CRITICAL', 'Critical'],
    ['Severity', ' Critical', 'Critical'],
    ['Severity', 'veryLow ', 'VeryLow'],
    ['Compliance', 'RED', 'Red'],
    ['Compliance', ' gray ', 'Gray'],
    ['RiskProbability', 'notlikely', 'NotLikely'],
    ['RiskLevel', 'AMBER', 'Amber'],
    ['ConnectorType', 'aws', 'AWS'],
    ['ConnectorType', 'OFFICE365', 'Office365'],
    // Observed already: nothing to fold.
    ['Severity', 'Critical', undefined],
    ['RiskProbability', ' ', undefined],
    ['RiskLevel', '', undefined],
    // Unknown in any spelling.
    ['Severity', 'Urgent', undefined],
    ['Compliance', 'Yellow', undefined],
    ['Severity', 'Very Low', undefined],
    // A look-alike letter is no difference of letter case: the dotless ı upper-cases to I.
    ['Severity', 'Crıtıcal', undefined],
    // Blank values are spelled exactly: neither is read as the other field's blank.
    ['RiskLevel', ' ', undefined],
    ['RiskLevel', '  ', undefined],
    ['RiskProbability', '', undefined],
    ['RiskProbability', '   ', undefined],
  ])('%s %j folds to %j', (field, value, folded) => {
    expect(foldValue(field, value)).toBe(folded);
  });
});
