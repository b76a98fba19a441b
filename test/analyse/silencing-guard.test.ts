import { describe, expect, it } from 'vitest';
import type { RuleId, SeveritySetting } from '../../src/index.js';
import { ruleCatalogue } from '../../src/analyse/rule-catalogue.js';
import {
  refusedSettings,
  refusedSettingText,
  settingInForce,
  unsilenceableRules,
} from '../../src/analyse/silencing-guard.js';

describe('unsilenceableRules', () => {
  it('are the rules of the registry that mark an input whose figures were not analysed', () => {
    expect([...unsilenceableRules]).toEqual([
      'json-syntax',
      'duplicate-key',
      'envelope-failure',
      'not-a-report',
      'schema',
      'empty-report',
      'no-valid-report',
    ]);
    expect([...unsilenceableRules]).toEqual(
      ruleCatalogue.filter((rule) => rule.unusableInput !== undefined).map((rule) => rule.id),
    );
  });

  it('leave every other rule to the user', () => {
    expect(unsilenceableRules.has('category-total')).toBe(false);
    expect(unsilenceableRules.has('compliance-percent')).toBe(false);
  });
});

describe('settingInForce', () => {
  it.each<[string, RuleId, SeveritySetting | undefined, SeveritySetting | undefined]>([
    ['no setting', 'json-syntax', undefined, undefined],
    ['off on an unusable input', 'json-syntax', 'off', undefined],
    ['warning on an unusable input', 'envelope-failure', 'warning', undefined],
    ['error on an unusable input: raising is no silencing', 'not-a-report', 'error', 'error'],
    ['off on another rule', 'category-total', 'off', 'off'],
    ['warning on another rule', 'category-total', 'warning', 'warning'],
    ['error on another rule', 'compliance-percent', 'error', 'error'],
  ])('%s', (_name, rule, setting, inForce) => {
    expect(settingInForce(setting === undefined ? {} : { [rule]: setting }, rule)).toBe(inForce);
  });

  it('reads no settings as none', () => {
    expect(settingInForce(undefined, 'category-total')).toBeUndefined();
  });
});

describe('refusedSettings', () => {
  it('lists the settings that would silence or lower such a rule, in their order, but not the run rules refused outright', () => {
    const settings: Partial<Record<RuleId, SeveritySetting>> = {
      'category-total': 'off',
      'envelope-failure': 'off',
      schema: 'warning',
      'not-a-report': 'error',
      'no-valid-report': 'off',
      'duplicate-key': 'off',
    };
    expect(refusedSettings(settings)).toEqual([
      { rule: 'envelope-failure', setting: 'off' },
      { rule: 'schema', setting: 'warning' },
      { rule: 'duplicate-key', setting: 'off' },
    ]);
  });

  it('finds none in no settings', () => {
    expect(refusedSettings(undefined)).toEqual([]);
    expect(refusedSettings({ 'json-syntax': 'error', 'mixed-ids': 'off' })).toEqual([]);
  });
});

describe('refusedSettingText', () => {
  it('says in one line that the input stays failed', () => {
    expect(refusedSettingText({ rule: 'envelope-failure', setting: 'off' })).toBe(
      '--rule envelope-failure=off: this rule marks an input that could not be read or analysed; it cannot be silenced, the input stays failed',
    );
    expect(refusedSettingText({ rule: 'schema', setting: 'warning' })).toBe(
      '--rule schema=warning: this rule marks an input that could not be read or analysed; it cannot be lowered, the input stays failed',
    );
  });
});
