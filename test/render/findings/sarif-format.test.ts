import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import { ruleCatalogue } from '../../../src/analyse/rule-catalogue.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { Analysis, BenchmarkReport } from '../../../src/index.js';
import type { GateResult } from '../../../src/model/gate.js';
import { getFindingsFormat } from '../../../src/render/findings/findings-formats.js';
import { sarifFormat } from '../../../src/render/findings/sarif-format.js';
import { planResults } from '../../../src/render/findings/sarif/result-budget.js';
import { minimalReport, policy } from '../../support/minimal-report.js';
import { sarifSchemaErrors } from './sarif-schema.js';
import { withFindings } from './findings-inputs.js';

interface Result {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: {
    physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region?: Record<string, number> };
    logicalLocations?: { name: string; fullyQualifiedName: string; kind: string }[];
  }[];
  partialFingerprints: Record<string, string>;
  properties: Record<string, unknown>;
}
interface Run {
  tool: {
    driver: {
      name: string;
      version: string;
      rules: {
        id: string;
        shortDescription: { text: string };
        fullDescription: { text: string };
        defaultConfiguration: { level: string };
      }[];
    };
  };
  invocations: { toolExecutionNotifications: { message: { text: string } }[] }[];
  results: Result[];
  properties: Record<string, unknown>;
}

/** Formats a result as SARIF, checks it against the OASIS schema and returns its one run. */
function sarifRun(analysis: Analysis, gate?: GateResult): Run {
  const text = sarifFormat.format(judgeFindingsResult({ analysis, gate }), { rules: ruleCatalogue, color: false });
  const log = JSON.parse(text) as { version: string; runs: Run[] };
  expect(sarifSchemaErrors(log)).toEqual([]);
  expect(log.version).toBe('2.1.0');
  expect(log.runs).toHaveLength(1);
  return log.runs[0]!;
}

/**
 * A report whose policy StorageKeys claims Green with 0 of 2 resources passed; `inserted` adds a clean policy before
 * it.
 */
function brokenReport(inserted = false): BenchmarkReport {
  const report = minimalReport();
  const storage = report.ResourceCategories[0]!;
  storage.Policies[1]!.Compliance = 'Green';
  if (inserted) {
    storage.Policies.unshift(policy('StorageNew', '1000.0', 1, 1));
    Object.assign(storage, { Total: 4, Green: 2, CompliancePercent: 66.67 });
  }
  return report;
}

async function analyse(report: BenchmarkReport, name = 'reports/r.json'): Promise<Analysis> {
  return analyseInputs({
    text: JSON.stringify({ result: [report], statusCode: 200, message: 'Request Successful' }),
    name,
  });
}

describe('the sarif findings format', () => {
  it('is in the registry under its name, extension and media type', () => {
    expect(getFindingsFormat('sarif')).toBe(sarifFormat);
    expect(sarifFormat).toMatchObject({ extension: 'sarif', mediaType: 'application/sarif+json' });
  });

  it('describes every catalogue rule in the driver, and each result cites its rule by index', async () => {
    const run = sarifRun(await analyse(brokenReport()));
    expect(run.tool.driver).toMatchObject({ name: 'cspm-report', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    const rules = run.tool.driver.rules;
    expect(rules.map((rule) => rule.id)).toEqual(ruleCatalogue.map((rule) => rule.id));
    for (const [index, info] of ruleCatalogue.entries()) {
      expect(rules[index]).toMatchObject({
        shortDescription: { text: info.description },
        fullDescription: { text: info.rationale },
        defaultConfiguration: { level: info.defaultSeverity },
      });
    }
    expect(run.results.map((result) => result.ruleId)).toEqual([
      'category-count',
      'category-count',
      'policy-compliance',
    ]);
    for (const result of run.results) {
      expect(rules[result.ruleIndex]!.id).toBe(result.ruleId);
      expect(result.level).toBe('error');
    }
  });

  it('names the file relative to %SRCROOT% and the benchmark, category and policy as a logical location', async () => {
    const run = sarifRun(await analyse(brokenReport(), 'reports\\my report.json'));
    const [green, , compliance] = run.results;
    expect(compliance!.message.text).toMatch(/^policy 1000\.2 .* is "Green" but 0 of 2 resources passed/);
    // The text is one line: the value "Green" of that policy's Compliance is found here by searching it.
    const text = JSON.stringify({ result: [brokenReport()], statusCode: 200, message: 'Request Successful' });
    const start =
      text.indexOf('"Compliance":"Green"', text.indexOf('"PolicyId":"StorageKeys"')) + '"Compliance":'.length;
    expect(compliance!.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'reports/my%20report.json', uriBaseId: '%SRCROOT%' },
          region: { startLine: 1, startColumn: start + 1, endLine: 1, endColumn: start + 1 + '"Green"'.length },
        },
        logicalLocations: [
          {
            name: '1000.2 StorageKeys',
            fullyQualifiedName:
              'CSBP (account a1b2c3d4-0000-4000-8000-000000000001) › Azure - Storage › 1000.2 StorageKeys',
            kind: 'policy',
          },
        ],
      },
    ]);
    expect(compliance!.properties).toEqual({
      pointer: '/result/0/ResourceCategories/0/Policies/1/Compliance',
      expected: 'Red',
      actual: 'Green',
    });
    expect(green!.locations[0]!.logicalLocations).toEqual([
      {
        name: 'Azure - Storage',
        fullyQualifiedName: 'CSBP (account a1b2c3d4-0000-4000-8000-000000000001) › Azure - Storage',
        kind: 'category',
      },
    ]);
  });

  it('gives warnings the warning level and files outside any report no logical location', async () => {
    const warned = minimalReport();
    warned.ResourceCategories[1]!.CompliancePercent = 12.5;
    const analysis = await analyseInputs([
      { text: JSON.stringify(warned), name: 'warned.json' },
      { text: '{"result": [', name: '/abs/cut short.json' },
    ]);
    const run = sarifRun(analysis);
    expect(run.results.map((result) => [result.ruleId, result.level])).toEqual([
      ['compliance-percent', 'warning'],
      ['json-syntax', 'error'],
    ]);
    // An absolute path outside the working folder is relative too; the syntax error is at the end of the text.
    expect(run.results[1]!.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: `${relative(process.cwd(), '/abs')}/cut%20short.json`, uriBaseId: '%SRCROOT%' },
          region: { startLine: 1, startColumn: 13, endLine: 1, endColumn: 14 },
        },
      },
    ]);
  });

  it('keeps fingerprints across runs and across unrelated policies added, and tells findings apart', async () => {
    const first = sarifRun(await analyse(brokenReport()));
    const again = sarifRun(await analyse(brokenReport()));
    const shifted = sarifRun(await analyse(brokenReport(true)));
    const prints = (run: Run) => run.results.map((result) => JSON.stringify(result.partialFingerprints));
    expect(prints(again)).toEqual(prints(first));
    expect(new Set(prints(first)).size).toBe(first.results.length);
    expect(shifted.results[2]!.properties.pointer).toBe('/result/0/ResourceCategories/0/Policies/2/Compliance');
    expect(shifted.results[2]!.partialFingerprints).toEqual(first.results[2]!.partialFingerprints);
    expect(Object.values(first.results[0]!.partialFingerprints)[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes failed gate assertions as results under gate/<metric> rules and counts the passing ones', async () => {
    const gate: GateResult = {
      rulesFile: 'gate/rules.json',
      status: 'fail',
      assertions: [
        {
          name: 'enough green',
          level: 'error',
          metric: 'compliancePercent',
          passed: false,
          actual: 40,
          expected: '>= 80',
          scope: 'r.json › CSBP › account Contoso Azure',
          source: 'reports/r.json',
          pointer: '/assertions/0',
          message: 'compliancePercent is 40, below 80',
        },
        {
          name: 'no red',
          level: 'warn',
          metric: 'redPolicies',
          passed: false,
          actual: 1,
          expected: '<= 0',
          scope: 'all inputs',
          pointer: '/assertions/1',
          message: 'redPolicies is 1, above 0',
        },
        {
          name: 'few gray',
          level: 'error',
          metric: 'grayPolicies',
          passed: true,
          actual: 1,
          expected: '<= 5',
          scope: 'all inputs',
          pointer: '/assertions/2',
          message: 'grayPolicies is 1, within 5',
        },
      ],
    };
    const run = sarifRun(await analyse(minimalReport()), gate);
    const rules = run.tool.driver.rules;
    expect(rules.slice(ruleCatalogue.length).map((rule) => [rule.id, rule.defaultConfiguration.level])).toEqual([
      ['gate/compliancePercent', 'error'],
      ['gate/redPolicies', 'warning'],
      ['gate/grayPolicies', 'error'],
    ]);
    expect(
      run.results.map((result) => [
        result.ruleId,
        result.level,
        result.locations[0]!.physicalLocation.artifactLocation.uri,
      ]),
    ).toEqual([
      ['gate/compliancePercent', 'error', 'reports/r.json'],
      ['gate/redPolicies', 'warning', 'gate/rules.json'],
    ]);
    for (const result of run.results) expect(rules[result.ruleIndex]!.id).toBe(result.ruleId);
    expect(run.results[0]!.message.text).toContain('actual 40, expected >= 80');
    expect(run.results[0]!.message.text).toContain('r.json › CSBP › account Contoso Azure');
    expect(run.results[1]!.properties).toMatchObject({ rulesPointer: '/assertions/1', scope: 'all inputs' });
    expect(run.properties.gate).toEqual({
      rulesFile: 'gate/rules.json',
      status: 'fail',
      assertions: 3,
      passed: 1,
      failed: 2,
    });
  });

  it('names an input whose name holds a lone surrogate, instead of throwing', async () => {
    const run = sarifRun(await analyse(brokenReport(), 'reports/odd\ud800name.json'));
    expect(run.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri).toBe('reports/odd%EF%BF%BDname.json');
  });

  it('escapes bidirectional and C1 controls as the json format does, keeping the value', async () => {
    const report = brokenReport();
    report.ResourceCategories[0]!.CategoryName = 'Storage \u202e\u0085';
    const text = sarifFormat.format(judgeFindingsResult({ analysis: await analyse(report) }), {
      rules: ruleCatalogue,
      color: false,
    });
    expect(text).not.toMatch(/[\u202e\u0085]/);
    expect(text).toContain('\\u202e');
    const run = (JSON.parse(text) as { runs: Run[] }).runs[0]!;
    expect(run.results[2]!.locations[0]!.logicalLocations![0]!.fullyQualifiedName).toContain('Storage \u202e\u0085 › ');
  });

  it('keeps gate failures, then errors, then warnings when results exceed the limit', () => {
    expect(planResults(1, { error: 3, warning: 5 }, 4)).toEqual({
      gate: 1,
      errors: 3,
      warnings: 0,
      omittedGate: 0,
      omittedErrors: 0,
      omittedWarnings: 5,
    });
    expect(planResults(0, { error: 2, warning: 5 }, 4)).toEqual({
      gate: 0,
      errors: 2,
      warnings: 2,
      omittedGate: 0,
      omittedErrors: 0,
      omittedWarnings: 3,
    });
    expect(planResults(6, { error: 2, warning: 0 }, 4)).toEqual({
      gate: 4,
      errors: 0,
      warnings: 0,
      omittedGate: 2,
      omittedErrors: 2,
      omittedWarnings: 0,
    });
  });
});

/** One report of `count` policies in one category, each Green with none of its one resource passed. */
function reportOfFalseGreens(count: number): string {
  const report = minimalReport();
  const policies = Array.from({ length: count }, (_, index) =>
    policy(`P${index}`, `1000.${index + 1}`, 0, 1, { Compliance: 'Green' }),
  );
  report.ResourceCategories = [
    {
      ...report.ResourceCategories[0]!,
      Total: count,
      Green: count,
      Red: 0,
      Amber: 0,
      Gray: 0,
      CompliancePercent: 100,
      Policies: policies,
    },
  ];
  return JSON.stringify([report]);
}

/**
 * 125,000 false greens: the analysis lists 1,000 of a rule per file, so the rest are copies of the first at their own
 * pointers.
 */
async function manyFalseGreens(count: number): Promise<Analysis> {
  const analysis = await analyseInputs({ text: reportOfFalseGreens(1), name: 'many.json' });
  const [model] = analysis.sources[0]!.findings.filter((finding) => finding.rule === 'policy-compliance');
  return withFindings(analysis, count, (index) => ({
    ...model!,
    pointer: `/0/ResourceCategories/0/Policies/${index}/Compliance`,
    message: `${model!.message} (${index})`,
  }));
}

describe('the sarif findings format on 125,000 findings', () => {
  it('writes GitHub’s 25,000 results per run, says what it left out, and stays valid', async () => {
    const analysis = await manyFalseGreens(125_000);
    const findings = analysis.sources[0]!.findings;
    expect(findings.filter((finding) => finding.rule === 'policy-compliance')).toHaveLength(125_000);
    const run = sarifRun(analysis);
    expect(run.results).toHaveLength(25_000);
    expect(run.results.every((result) => result.level === 'error')).toBe(true);
    expect(new Set(run.results.map((result) => Object.values(result.partialFingerprints)[0])).size).toBe(25_000);
    const omitted = findings.length - 25_000;
    expect(run.properties.resultLimit).toEqual({
      maxResultsPerRun: 25_000,
      omittedGate: 0,
      omittedErrors: omitted,
      omittedWarnings: 0,
    });
    expect(run.invocations[0]!.toolExecutionNotifications[0]!.message.text).toMatch(
      /^25,000 of [\d,]+ results written: GitHub code scanning accepts at most 25,000 per run/,
    );
  }, 120_000);
});
