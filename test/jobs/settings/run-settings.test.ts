import { describe, expect, it } from 'vitest';
import {
  configLine,
  givenOnCommandLine,
  runSettingsOf,
  type SettingsSource,
} from '../../../src/jobs/settings/run-settings.js';

const file = { shown: '../cspm-report.config.yaml', sha256: 'ab'.repeat(32), found: 'search' as const };
const defaultSeverityOf = (rule: string): string | undefined => (rule === 'policy-compliance' ? 'error' : undefined);

function source(overrides: Partial<SettingsSource>): SettingsSource {
  return { command: 'check', file, configured: {}, args: [], effective: {}, defaultSeverityOf, ...overrides };
}

describe('the record of a run that read a config file', () => {
  it('records the file, the keys in force sorted, those that weaken, and each option in force', () => {
    const settings = runSettingsOf(
      source({
        configured: { rule: ['policy-compliance=off'], 'fail-on': 'warning', title: 'Posture' },
        args: ['check', 'r.json', '--title', 'Mine'],
        effective: { title: 'Mine', 'fail-on': 'warning', rule: ['policy-compliance=off'], logo: undefined },
      }),
    );
    expect(settings).toEqual({
      config: {
        path: '../cspm-report.config.yaml',
        sha256: 'ab'.repeat(32),
        found: 'search',
        keys: ['fail-on', 'rule'],
        weakening: ['rule'],
      },
      effective: { 'fail-on': 'warning', rule: ['policy-compliance=off'], title: 'Mine' },
    });
    expect(Object.keys(settings.effective)).toEqual(['fail-on', 'rule', 'title']);
  });

  it('records a weakening key once overridden on the command line as neither set nor weakening', () => {
    const settings = runSettingsOf(source({ configured: { 'fail-on': 'never' }, args: ['--fail-on=error'] }));
    expect(settings.config).toMatchObject({ keys: [], weakening: [] });
  });

  it('records exceptions as weakening a gate, a diff and a merge, not a check, a render, a trend or a fetch', () => {
    const configured = { exceptions: ['risks.yaml'], 'expiry-warning': 7, 'max-exception-days': 400 };
    for (const command of ['gate', 'diff', 'merge'])
      expect(runSettingsOf(source({ command, configured })).config.weakening).toEqual([
        'exceptions',
        'expiry-warning',
        'max-exception-days',
      ]);
    for (const command of ['check', 'render', 'trend', 'fetch'])
      expect(runSettingsOf(source({ command, configured })).config).toMatchObject({
        keys: ['exceptions', 'expiry-warning', 'max-exception-days'],
        weakening: [],
      });
  });

  it('keeps a value in force that is false or zero', () => {
    expect(runSettingsOf(source({ effective: { color: false, top: 0, title: '' } })).effective).toEqual({
      color: false,
      top: 0,
      title: '',
    });
  });
});

describe('a flag given on the command line', () => {
  const cases: { args: string[]; key: string; expected: boolean }[] = [
    { args: ['--fail-on', 'never'], key: 'fail-on', expected: true },
    { args: ['--fail-on=never'], key: 'fail-on', expected: true },
    { args: ['--failOn', 'never'], key: 'fail-on', expected: true },
    { args: ['--no-check'], key: 'check', expected: true },
    { args: ['--noCheck'], key: 'check', expected: true },
    { args: ['--no-allow-mismatch'], key: 'allow-mismatch', expected: true },
    { args: ['--noAllowMismatch'], key: 'allow-mismatch', expected: true },
    { args: ['--fail-on-regression', 'any'], key: 'fail-on', expected: false },
    { args: ['fail-on'], key: 'fail-on', expected: false },
    { args: ['-fail-on'], key: 'fail-on', expected: false },
    { args: ['--', '--fail-on'], key: 'fail-on', expected: false },
    { args: ['r.json', '--', '--fail-on'], key: 'fail-on', expected: false },
    { args: ['x', '--rule', 'a=off'], key: 'rule', expected: true },
    { args: [], key: 'rule', expected: false },
  ];
  for (const { args, key, expected } of cases) {
    it(`${JSON.stringify(args)} ${expected ? 'gives' : 'does not give'} ${key}`, () => {
      expect(givenOnCommandLine(args, key)).toBe(expected);
    });
  }
});

describe("the config file's line on standard error", () => {
  it('names the file, how it was found and the keys', () => {
    expect(configLine({ path: 'c.yaml', sha256: '', found: 'named', keys: ['fail-on', 'rule'], weakening: [] })).toBe(
      'config file c.yaml (named with --config) sets fail-on, rule',
    );
    expect(configLine({ path: '../c.yaml', sha256: '', found: 'search', keys: [], weakening: [] })).toBe(
      'config file ../c.yaml (found by search) sets nothing this command takes',
    );
  });
});
