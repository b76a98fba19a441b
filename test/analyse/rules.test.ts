import { describe, expect, it } from 'vitest';
import { ruleCatalogue, type RuleId } from '../../src/index.js';
import { categoryTables } from './cases/category-cases.js';
import { documentTables } from './cases/document-cases.js';
import { duplicateKeyTables } from './cases/duplicate-key-cases.js';
import { identityTables } from './cases/identity-cases.js';
import { loadTables } from './cases/load-cases.js';
import { percentTables } from './cases/percent-cases.js';
import { policyTables } from './cases/policy-cases.js';
import { scannerTables } from './cases/scanner-cases.js';
import { expectCase, type RuleCase, type RuleTables } from './support/rule-cases.js';

const groups: RuleTables[] = [
  loadTables,
  duplicateKeyTables,
  documentTables,
  categoryTables,
  percentTables,
  policyTables,
  identityTables,
  scannerTables,
];

const tables = new Map<RuleId, RuleCase[]>();
for (const group of groups) {
  for (const [rule, cases] of Object.entries(group) as [RuleId, RuleCase[]][]) {
    expect(tables.has(rule), `${rule} has two tables`).toBe(false);
    tables.set(rule, cases);
  }
}

describe('every rule of the catalogue has a table', () => {
  it.each(ruleCatalogue.map((rule) => rule.id))('%s: at least one failing and one passing case', (id) => {
    const cases = tables.get(id) ?? [];
    expect(cases.some((item) => item.expected.some((finding) => finding.rule === id))).toBe(true);
    expect(cases.some((item) => item.expected.every((finding) => finding.rule !== id))).toBe(true);
  });

  it('has no table for a rule the catalogue does not know', () => {
    const known = new Set<string>(ruleCatalogue.map((rule) => rule.id));
    expect([...tables.keys()].filter((id) => !known.has(id))).toEqual([]);
  });
});

for (const [rule, cases] of tables) {
  describe(rule, () => {
    it.each(cases)('$name', async (item) => {
      await expectCase(item);
    });
  });
}
