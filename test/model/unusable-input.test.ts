import { describe, expect, it } from 'vitest';
import type { Finding, RuleId } from '../../src/index.js';
import { ruleCatalogue } from '../../src/analyse/rule-catalogue.js';
import { rules } from '../../src/analyse/rule-registry.js';
import { marksUnusableInput, unusableInputRules } from '../../src/model/unusable-input.js';

const finding = (rule: RuleId, severity: 'error' | 'warning'): Finding => ({
  rule,
  severity,
  pointer: '',
  message: 'm',
});

describe('marksUnusableInput', () => {
  it.each<[RuleId, 'error' | 'warning', boolean]>([
    ['json-syntax', 'error', true],
    ['json-syntax', 'warning', true],
    ['envelope-failure', 'warning', true],
    ['empty-report', 'warning', true],
    ['schema', 'error', true],
    ['duplicate-key', 'error', true],
    ['no-valid-report', 'error', true],
    ['not-a-report', 'error', true],
    // A file found in a folder that is no report at all is skipped with a warning: no input was lost.
    ['not-a-report', 'warning', false],
    ['category-total', 'error', false],
    ['compliance-percent', 'warning', false],
  ])('%s as %s: %s', (rule, severity, marks) => {
    expect(marksUnusableInput(finding(rule, severity))).toBe(marks);
  });

  it('follows what each rule declares', () => {
    expect(rules['not-a-report'].unusableInput).toBe('as-error');
    expect(rules['json-syntax'].unusableInput).toBe('always');
  });
});

describe('unusableInputRules', () => {
  // The policy's table cannot be typed against the rule files (their id is what RuleId is derived from), so this holds
  // them together.
  it("says exactly what the rules' files declare, in catalogue order", () => {
    const declared = ruleCatalogue
      .filter((rule) => rule.unusableInput !== undefined)
      .map((rule) => [rule.id, rule.unusableInput]);
    expect(Object.entries(unusableInputRules)).toEqual(declared);
  });
});
