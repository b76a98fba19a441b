import { describe, expect, it } from 'vitest';
import { refusedKey, weakens, type ConfigFound, type ScopeFact } from '../../../src/jobs/settings/config-scope.js';

const option: ScopeFact = { positional: false, credential: false };

describe('the keys a config file may set', () => {
  const refusal = (key: string, why: string): string =>
    `a config file does not set "${key}", since ${why}: give it on the command line`;
  const cases: { name: string; key: string; fact: ScopeFact; found: ConfigFound; expected: string | undefined }[] = [
    { name: 'a verdict option', key: 'fail-on', fact: option, found: 'search', expected: undefined },
    ...(
      [
        ['inputs-absent', 'it changes what the command does'],
        ['fleet', 'it names where the command writes'],
        ['run-id', 'it names what the command reads'],
      ] as const
    ).map(([key, why]) => ({ name: key, key, fact: option, found: 'named' as const, expected: refusal(key, why) })),
    { name: 'a layout option', key: 'title', fact: option, found: 'search', expected: undefined },
    {
      name: 'a positional argument',
      key: 'inputs',
      fact: { positional: true, credential: false },
      found: 'named',
      expected:
        'a config file does not set "inputs", since it names what the command reads: give it on the command line',
    },
    {
      name: 'shard',
      key: 'shard',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "shard", since it makes the command write one shard of a result, not a verdict: give it on the command line',
    },
    {
      name: 'format',
      key: 'format',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "format", since it sets the form of what the command writes: give it on the command line',
    },
    {
      name: 'output',
      key: 'output',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "output", since it names where the command writes: give it on the command line',
    },
    {
      name: 'out-dir',
      key: 'out-dir',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "out-dir", since it names where the command writes: give it on the command line',
    },
    {
      name: 'result',
      key: 'result',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "result", since it names where the command writes: give it on the command line',
    },
    {
      name: 'baseline',
      key: 'baseline',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "baseline", since it names what the command reads: give it on the command line',
    },
    {
      name: 'accounts',
      key: 'accounts',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "accounts", since it names what the command reads: give it on the command line',
    },
    {
      name: 'body',
      key: 'body',
      fact: option,
      found: 'named',
      expected: 'a config file does not set "body", since it names what the command reads: give it on the command line',
    },
    {
      name: 'reports',
      key: 'reports',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "reports", since it names what the command reads: give it on the command line',
    },
    {
      name: 'preset',
      key: 'preset',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "preset", since it names what the command reads: give it on the command line',
    },
    {
      name: 'stdin-name',
      key: 'stdin-name',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "stdin-name", since it names what the command reads: give it on the command line',
    },
    {
      name: 'license',
      key: 'license',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "license", since it names what the command reads: give it on the command line',
    },
    {
      name: 'account',
      key: 'account',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "account", since it names what the command reads: give it on the command line',
    },
    {
      name: 'job',
      key: 'job',
      fact: option,
      found: 'named',
      expected: 'a config file does not set "job", since it names what the command reads: give it on the command line',
    },
    {
      name: 'benchmark',
      key: 'benchmark',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "benchmark", since it names what the command reads: give it on the command line',
    },
    {
      name: 'list-presets',
      key: 'list-presets',
      fact: option,
      found: 'named',
      expected:
        'a config file does not set "list-presets", since it changes what the command does: give it on the command line',
    },
    {
      name: 'a credential in a file found by search',
      key: 'base-url',
      fact: { positional: false, credential: true },
      found: 'search',
      expected:
        'a config file found by search does not set "base-url", since it decides where the service\'s credentials go: name the file with --config, or give --base-url on the command line',
    },
    {
      name: 'a credential in a file named with --config',
      key: 'base-url',
      fact: { positional: false, credential: true },
      found: 'named',
      expected: undefined,
    },
    { name: 'an inherited name is no option', key: 'toString', fact: option, found: 'named', expected: undefined },
  ];
  for (const { name, key, fact, found, expected } of cases) {
    it(`${expected === undefined ? 'takes' : 'refuses'} ${name}`, () => {
      expect(refusedKey(key, fact, found)).toBe(expected);
    });
  }
});

describe('the values that weaken a verdict', () => {
  const defaults: Record<string, string> = { 'policy-compliance': 'error', 'mixed-ids': 'warning' };
  const defaultSeverityOf = (rule: string): string | undefined => defaults[rule];
  const cases: { key: string; value: unknown; expected: boolean }[] = [
    { key: 'fail-on', value: 'never', expected: true },
    { key: 'fail-on', value: 'error', expected: false },
    { key: 'fail-on', value: 'warning', expected: false },
    { key: 'fail-on', value: 'sometimes', expected: true },
    { key: 'percent-formula', value: 'green-of-assessed', expected: false },
    { key: 'percent-formula', value: 'green-of-total', expected: false },
    { key: 'percent-formula', value: 'passed-resources', expected: true },
    { key: 'percent-formula', value: 'unknown', expected: true },
    { key: 'allow-mismatch', value: true, expected: true },
    { key: 'allow-new-failures', value: false, expected: false },
    { key: 'check', value: false, expected: true },
    { key: 'check', value: true, expected: false },
    { key: 'rule', value: ['policy-compliance=off'], expected: true },
    { key: 'rule', value: ['policy-compliance=warning'], expected: true },
    { key: 'rule', value: ['policy-compliance=error'], expected: false },
    { key: 'rule', value: ['mixed-ids=warning'], expected: false },
    { key: 'rule', value: ['mixed-ids=error'], expected: false },
    { key: 'rule', value: ['mixed-ids=off'], expected: true },
    { key: 'rule', value: ['mixed-ids=error', 'policy-compliance=off'], expected: true },
    { key: 'rule', value: 'policy-compliance=off', expected: true },
    { key: 'rule', value: 'policy-compliance=error', expected: false },
    { key: 'rule', value: ['unknown-rule=error'], expected: true },
    { key: 'rule', value: ['policy-compliance=loud'], expected: true },
    { key: 'rule', value: ['policy-compliance'], expected: true },
    { key: 'rule', value: [], expected: false },
    { key: 'exceptions', value: ['risks.yaml'], expected: true },
    { key: 'exceptions', value: 'risks.yaml', expected: true },
    { key: 'exceptions', value: [], expected: false },
    // A file named by a number is a file all the same.
    { key: 'exceptions', value: '7', expected: true },
    { key: 'max-exception-days', value: 400, expected: true },
    { key: 'max-exception-days', value: 365, expected: false },
    { key: 'max-exception-days', value: 90, expected: false },
    { key: 'expiry-warning', value: 7, expected: true },
    { key: 'expiry-warning', value: 30, expected: false },
    { key: 'expiry-warning', value: 60, expected: false },
    { key: 'title', value: 'never', expected: false },
    { key: 'strict', value: false, expected: false },
    // Read per framework, a scanner's results leave out the checks it does not map.
    { key: 'framework', value: 'CIS-2.0', expected: true },
    { key: 'framework', value: 'all', expected: true },
    // A forced format refuses what is not of it: nothing is left out unseen.
    { key: 'from', value: 'prowler-ocsf', expected: false },
  ];
  for (const { key, value, expected } of cases) {
    it(`${key}: ${JSON.stringify(value)} ${expected ? 'weakens' : 'does not weaken'}`, () => {
      expect(weakens(key, value, defaultSeverityOf, 'gate')).toBe(expected);
    });
  }
});

describe("names of Object's own are no entries of the tables", () => {
  it.each(['toString', 'constructor', '__proto__'])('%s', (name) => {
    expect(weakens('fail-on', name, () => 'error', 'gate')).toBe(true);
    expect(weakens('percent-formula', name, () => 'error', 'gate')).toBe(true);
    expect(weakens('rule', [`x=${name}`], () => 'error', 'gate')).toBe(true);
    expect(weakens('rule', ['x=off'], () => name, 'gate')).toBe(true);
  });
});

describe('exceptions weaken only a verdict they can change', () => {
  const keys: [string, unknown][] = [
    ['exceptions', ['risks.yaml']],
    ['max-exception-days', 400],
    ['expiry-warning', 7],
  ];
  const cases: { command: string; expected: boolean }[] = [
    { command: 'gate', expected: true },
    { command: 'diff', expected: true },
    { command: 'merge', expected: true },
    { command: 'check', expected: false },
    { command: 'render', expected: false },
    { command: 'trend', expected: false },
    { command: 'fetch', expected: false },
    // A command it does not know fails closed.
    { command: 'audit', expected: true },
    { command: 'toString', expected: true },
  ];
  for (const { command, expected } of cases)
    it.each(keys)(`${command}: %s ${expected ? 'weakens' : 'does not weaken'}`, (key, value) => {
      expect(weakens(key, value, () => 'error', command)).toBe(expected);
    });

  it('leaves what weakens every verdict as it was, whatever the command', () => {
    for (const command of ['check', 'render', 'trend', 'fetch']) {
      expect(weakens('fail-on', 'never', () => 'error', command)).toBe(true);
      expect(weakens('rule', ['x=off'], () => 'error', command)).toBe(true);
      expect(weakens('allow-mismatch', true, () => 'error', command)).toBe(true);
      expect(weakens('check', false, () => 'error', command)).toBe(true);
      expect(weakens('percent-formula', 'passed-resources', () => 'error', command)).toBe(true);
    }
  });
});
