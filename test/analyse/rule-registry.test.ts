import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ruleCatalogue } from '../../src/analyse/rule-catalogue.js';
import { rules } from '../../src/analyse/rule-registry.js';

/** A rule is a file in src/analyse/rules/ named after its id, and one line in the registry: nothing else names it. */
describe('the rule registry', () => {
  it('keys every rule by its own id', () => {
    for (const [key, rule] of Object.entries(rules)) expect(rule.id, key).toBe(key);
  });

  it('has one rule per file of src/analyse/rules/, named after its id', () => {
    const files = readdirSync(new URL('../../src/analyse/rules/', import.meta.url))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.slice(0, -'.ts'.length))
      .sort();
    expect(files).toEqual(Object.keys(rules).sort());
  });

  it('lists the catalogue in the registry order, each stage together', () => {
    expect(ruleCatalogue.map((rule) => rule.id)).toEqual(Object.keys(rules));
    const stages = ruleCatalogue.map((rule) => rule.stage);
    expect(stages.filter((stage, index) => index === 0 || stage !== stages[index - 1])).toEqual([
      'load',
      'validate',
      'document',
      'report',
      'policy',
      'run',
    ]);
  });
});
