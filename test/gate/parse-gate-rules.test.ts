import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gatePresets, isCspmError, loadGateRules, type CspmError } from '../../src/index.js';
import { gatePresetNames } from '../../src/gate/presets/gate-presets.js';
import { parseGateRules } from '../../src/gate/parse-gate-rules.js';
import { readGateRulesSchema } from '../../src/validate/gate-rules-schema.js';

/** The CspmError that parsing `text` throws. */
function thrown(text: string, name = 'rules.yaml'): CspmError {
  try {
    parseGateRules(text, name);
  } catch (error) {
    if (isCspmError(error)) return error;
    throw error;
  }
  throw new Error('the rules were accepted');
}

/** The rules-invalid error that parsing `text` throws, with its location in the file. */
function refusal(text: string, name = 'rules.yaml'): CspmError<'rules-invalid'> {
  const error = thrown(text, name);
  expect(error.code).toBe('rules-invalid');
  return error as CspmError<'rules-invalid'>;
}

const briefForm = `{ "assertions": [
  { "name": "overall posture", "level": "error", "metric": "compliancePercent", "min": 80 },
  { "name": "no critical red", "level": "error", "metric": "redPolicies", "severity": "Critical", "max": 0 },
  { "name": "storage", "level": "warn", "metric": "compliancePercent", "category": "Storage Accounts", "min": 90 }
] }`;

const sameInYaml = `assertions:
  - name: overall posture
    level: error
    metric: compliancePercent
    min: 80
  - { name: no critical red, level: error, metric: redPolicies, severity: Critical, max: 0 }
  - name: storage
    level: warn
    metric: compliancePercent
    category: Storage Accounts
    min: 90
`;

describe('parseGateRules', () => {
  it('reads JSON and YAML alike, filling in defaults and pointers', () => {
    const json = parseGateRules(briefForm, 'rules.json');
    expect(json.assertions).toHaveLength(3);
    expect(json.assertions[2]).toEqual({
      name: 'storage',
      level: 'warn',
      metric: 'compliancePercent',
      category: 'Storage Accounts',
      min: 90,
      aggregate: 'each',
      allowNoMatch: false,
      pointer: '/assertions/2',
    });
    expect(parseGateRules(sameInYaml, 'rules.yaml').assertions).toEqual(json.assertions);
  });

  it('names an assertion by its metric and makes it an error by default', () => {
    expect(parseGateRules('assertions: [{metric: redPolicies, max: 0}]', 'r.yaml').assertions[0]).toMatchObject({
      name: 'redPolicies',
      level: 'error',
    });
  });

  it('names an unknown metric far from every known one, without a guess', () => {
    expect(refusal('assertions:\n  - metric: velocity\n    min: 80\n').message).toBe(
      'invalid gate rules: rules.yaml:2:13: /assertions/0/metric: unknown metric "velocity"; the metrics are compliancePercent, assessedPercent, redPolicies, amberPolicies, failingPolicies, policy, findings, regressions, compliancePercentDrop, acceptedPolicies, expiredExceptions, unusedExceptions, expiringExceptions',
    );
  });

  it('refuses an unknown metric with the pointer, line and column', () => {
    const error = refusal('assertions:\n  - metric: complincePercent\n    min: 80\n');
    expect(error.code).toBe('rules-invalid');
    expect(error.data).toEqual({ file: 'rules.yaml', pointer: '/assertions/0/metric', line: 2, column: 13 });
    expect(error.message).toBe(
      'invalid gate rules: rules.yaml:2:13: /assertions/0/metric: unknown metric "complincePercent"; did you mean compliancePercent? The metrics are compliancePercent, assessedPercent, redPolicies, amberPolicies, failingPolicies, policy, findings, regressions, compliancePercentDrop, acceptedPolicies, expiredExceptions, unusedExceptions, expiringExceptions',
    );
  });

  it('points at an unknown key, and at a key its metric does not read', () => {
    const unknown = refusal('{"assertions": [{"metric": "redPolicies", "max": 0, "severty": "High"}]}', 'r.json');
    expect(unknown.data).toMatchObject({ pointer: '/assertions/0/severty', line: 1, column: 53 });
    expect(unknown.message).toContain('unknown key "severty"');
    const unread = refusal('assertions:\n  - metric: compliancePercent\n    severity: Critical\n    min: 1\n');
    expect(unread.data).toMatchObject({ pointer: '/assertions/0/severity', line: 3 });
    expect(unread.message).toContain('metric compliancePercent does not read "severity"');
  });

  it('refuses YAML that does not parse, with its position', () => {
    const error = refusal('assertions:\n  - metric: redPolicies\n    max: [0\n');
    expect(error.code).toBe('rules-invalid');
    expect(error.message).toMatch(/^invalid gate rules: rules\.yaml:\d+:\d+: /);
    expect(error.data.line).toBeGreaterThan(1);
  });

  it('refuses duplicate keys in YAML and in JSON, naming both lines and the pointer', () => {
    expect(refusal('assertions: []\nassertions: []\n').message).toMatch(
      /rules\.yaml:2:1: key "assertions" appears twice in the top-level mapping \(lines 1 and 2\)$/,
    );
    const json = refusal(
      '{\n  "assertions": [\n    {\n      "metric": "redPolicies",\n      "max": 0,\n      "name": "x",\n      "max": 5\n    }\n  ]\n}\n',
      'rules.json',
    );
    expect(json.message).toMatch(/rules\.json:7:7: key "max" appears twice in \/assertions\/0 \(lines 5 and 7\)$/);
    expect(json.data).toMatchObject({ file: 'rules.json', pointer: '/assertions/0/max', line: 7, column: 7 });
    const oneLine = refusal('{"assertions": [{"metric": "redPolicies", "max": 0, "\\u006dax": 1}]}', 'r.json');
    expect(oneLine.message).toMatch(
      /r\.json:1:53: key "max" appears twice in \/assertions\/0 \(line 1, columns 43 and 53\)$/,
    );
    expect(refusal('a:\n  b/c:\n    - {x: 1, x: 2}\n').data).toMatchObject({
      pointer: '/a/b~1c/0/x',
      line: 3,
      column: 14,
    });
  });

  it('refuses a bound-less assertion, a policy without its colour, and min above max', () => {
    expect(refusal('assertions: [{metric: redPolicies}]').message).toContain('needs "min" or "max"');
    expect(refusal('assertions: [{metric: policy, policy: X}]').message).toContain(
      'exactly one of "mustBe" and "mustNotBe"',
    );
    expect(refusal('assertions: [{metric: policy, policy: X, mustBe: Blue}]').message).toContain(
      'must be one of "Green", "Red", "Amber", "Gray"',
    );
    expect(refusal('assertions: [{metric: redPolicies, min: 3, max: 1}]').message).toContain('min 3 is above max 1');
  });

  it('makes an empty assertion list an invalid rules file', () => {
    expect(thrown('assertions: []').code).toBe('rules-invalid');
    expect(refusal('').code).toBe('rules-invalid');
  });

  it('refuses two assertions of one name', () => {
    expect(
      refusal('assertions: [{name: a, metric: redPolicies, max: 0}, {name: a, metric: amberPolicies, max: 0}]').data
        .pointer,
    ).toBe('/assertions/1/name');
  });
});

describe('what each metric reads', () => {
  it.each<[string, string, string, string]>([
    // metric, what it needs, the key it does not read, what it reads
    ['compliancePercent', 'max: 1', 'policy: X', '"min", "max", "category"'],
    ['assessedPercent', 'max: 1', 'severity: High', '"min", "max", "category"'],
    ['redPolicies', 'max: 1', 'mustBe: Green', '"min", "max", "severity", "category"'],
    ['failingPolicies', 'max: 1', 'mustNotBe: Red', '"min", "max", "severity", "category"'],
    ['findings', 'max: 1', 'allowNewFailures: true', '"min", "max", "severity", "category"'],
    ['amberPolicies', 'max: 1', 'allowRemoved: true', '"min", "max", "severity", "category"'],
    ['compliancePercentDrop', 'max: 1', 'category: Storage', '"min", "max"'],
    ['policy', 'mustBe: Green', 'policy: X\n    min: 1', '"policy", "mustBe", "mustNotBe", "category"'],
    ['regressions', 'max: 1', 'policy: X', '"min", "max", "severity", "category", "allowNewFailures", "allowRemoved"'],
  ])('%s refuses a key it does not read', (metric, needs, key, reads) => {
    const name = /(\w+):[^:]*$/.exec(key)![1]!;
    const error = refusal(`assertions:\n  - metric: ${metric}\n    ${needs}\n    ${key}\n`);
    const line = key.split('\n').length + 3;
    expect(error.data).toMatchObject({ pointer: `/assertions/0/${name}`, line, column: 5 });
    expect(error.message).toBe(
      `invalid gate rules: rules.yaml:${line}:5: /assertions/0/${name}: metric ${metric} does not read "${name}"; it reads ${reads}`,
    );
  });

  it('refuses min above max, pointing at min, and takes min equal to max', () => {
    const error = refusal('assertions:\n  - metric: redPolicies\n    max: 1\n    min: 1.5\n');
    expect(error.message).toBe(
      'invalid gate rules: rules.yaml:4:10: /assertions/0/min: min 1.5 is above max 1: nothing could pass',
    );
    expect(parseGateRules('assertions: [{metric: redPolicies, min: 1, max: 1}]', 'r.yaml').assertions[0]).toMatchObject(
      { min: 1, max: 1 },
    );
    expect(parseGateRules('assertions: [{metric: redPolicies, min: 0}]', 'r.yaml').assertions[0]).toMatchObject({
      min: 0,
    });
  });

  it.each<[string, string | undefined, string | undefined]>([
    // metric, severity as written, as read
    ['redPolicies', 'Critical', 'Critical'],
    ['redPolicies', 'critical', 'Critical'],
    ['amberPolicies', ' VERYLOW ', 'VeryLow'],
    ['regressions', 'moderate', 'Moderate'],
    ['findings', 'error', 'error'],
    ['findings', 'warning', 'warning'],
    ['redPolicies', undefined, undefined],
  ])('%s reads severity %j as %j', (metric, severity, read) => {
    const assertion = { metric, max: 0, ...(severity === undefined ? {} : { severity }) };
    const parsed = parseGateRules(JSON.stringify({ assertions: [assertion] }), 'r.json').assertions[0]!;
    expect(parsed.severity).toBe(read);
    expect('severity' in parsed).toBe(read !== undefined);
  });

  it.each<[string, string, string]>([
    [
      'redPolicies',
      'Critcal',
      '"Critcal" is no policy Severity; the redPolicies metric takes one of Critical, High, Moderate, Low, VeryLow',
    ],
    [
      'failingPolicies',
      'error',
      '"error" is no policy Severity; the failingPolicies metric takes one of Critical, High, Moderate, Low, VeryLow',
    ],
    ['findings', 'Error', 'the findings metric takes severity "error" or "warning"'],
    ['findings', 'High', 'the findings metric takes severity "error" or "warning"'],
  ])('%s refuses severity %j', (metric, severity, why) => {
    const error = refusal(JSON.stringify({ assertions: [{ metric, max: 0, severity }] }), 'r.json');
    expect(error.data.pointer).toBe('/assertions/0/severity');
    expect(error.message).toMatch(
      new RegExp(`: /assertions/0/severity: ${why.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  });
});

describe('presets', () => {
  it('are the presets the schema names', () => {
    const schema = readGateRulesSchema() as { $defs: { presetName: { enum: string[] } } };
    expect(schema.$defs.presetName.enum).toEqual(gatePresetNames);
  });

  it('come first, and an assertion of the file replaces one of the same name', () => {
    const rules = parseGateRules(
      'extends: cspm:recommended\nassertions:\n  - {name: overall compliance, metric: compliancePercent, min: 50}\n',
      'r.yaml',
    );
    const names = rules.assertions.map((assertion) => assertion.name);
    expect(names).toEqual([
      ...gatePresets['cspm:recommended']
        .map((assertion) => assertion.name)
        .filter((name) => name !== 'overall compliance'),
      'overall compliance',
    ]);
    expect(rules.assertions[0]).toMatchObject({ preset: 'cspm:recommended', pointer: '/extends' });
    expect(rules.assertions.at(-1)).toMatchObject({ min: 50, pointer: '/assertions/0' });
  });

  it('extend in order, and each preset is valid by the rules file schema', () => {
    const rules = parseGateRules('{"extends": ["cspm:recommended", "cspm:strict"]}', 'r.json');
    expect(rules.assertions[0]).toMatchObject({ preset: 'cspm:recommended', pointer: '/extends/0' });
    expect(rules.assertions.at(-1)).toMatchObject({ preset: 'cspm:strict', pointer: '/extends/1' });
    for (const name of gatePresetNames)
      expect(() => parseGateRules(JSON.stringify({ assertions: gatePresets[name] }), name)).not.toThrow();
  });

  it('refuses an unknown preset', () => {
    expect(refusal('extends: cspm:recomended').data.pointer).toBe('/extends');
  });

  it('named unknown, list the presets', async () => {
    await expect(loadGateRules('cspm:recomended')).rejects.toThrow(
      'invalid usage: unknown preset "cspm:recomended"; the presets are cspm:recommended, cspm:strict',
    );
  });

  it('load by name without a file', async () => {
    const rules = await loadGateRules('cspm:strict');
    expect(rules.file).toBe('cspm:strict');
    expect(rules.assertions.map((assertion) => assertion.preset)).toEqual(
      gatePresets['cspm:strict'].map(() => 'cspm:strict'),
    );
  });
});

describe('the sample rules files', () => {
  it('parse', async () => {
    expect((await loadGateRules('samples/gate/gate-rules.yaml')).assertions.length).toBeGreaterThan(3);
    const json = await loadGateRules('samples/gate/gate-rules.json');
    expect(json.assertions.filter((assertion) => assertion.preset === undefined)).toHaveLength(3);
    expect(JSON.parse(readFileSync('samples/gate/gate-rules.json', 'utf8')).$schema).toBe(
      '../../schema/gate-rules.schema.json',
    );
  });
});
