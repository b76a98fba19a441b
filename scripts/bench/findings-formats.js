#!/usr/bin/env node
// Each findings format of the registry (json excepted) against the json format on the
// same check result: one Analysis of many findings built once, each format timed in
// process, alternated with json, medians of several runs. Twice: with 125,000 findings,
// where sarif writes GitHub's 25,000 results per run, and with 20,000, where every
// format writes every finding. A file lists the first 1,000 findings of a rule (the rest
// counted), so the findings are spread over files of 1,000 policies each.
import { fileURLToPath } from 'node:url';
import { findingsFormats, judgeFindingsResult, ruleCatalogue } from '../../dist/index.js';
import { analyseInputs } from '../../dist/jobs/analyse-inputs.js';
import { median } from './run-node.js';

/** A report of `count` policies, each Green with none of its one resource passed: one finding each. */
function reportOfFalseGreens(count) {
  const policies = Array.from({ length: count }, (_, index) => ({
    PolicyId: `P${index}`,
    ShortTitle: `Ensure that P${index} is configured`,
    ServiceName: 'StorageAccounts',
    ComplianceNumber: `1000.${index + 1}`,
    PassedResourceCount: 0,
    TotalResourceCount: 1,
    Compliance: 'Green',
    Severity: 'High',
    RiskProbability: 'Certain',
    RiskLevel: 'Red',
  }));
  const category = {
    CategoryName: 'Azure - Storage',
    ControlCategoryOrder: 1,
    CategoryId: 'AZ_STORAGE',
    Total: count,
    Green: count,
    Red: 0,
    Amber: 0,
    Gray: 0,
    CompliancePercent: 100,
    Policies: policies,
  };
  const report = {
    BenchmarkName: 'Cloud Security Best Practices',
    BenchmarkId: 'CSBP',
    AccountId: 'a1',
    LicenseId: 'l1',
    LicenseName: 'Contoso',
    AccountName: 'Contoso Azure',
    ConnectorType: 'Azure',
    SubscriptionId: 's1',
    AWSAccountId: null,
    JobId: 'j1',
    ResourceCategories: [category],
  };
  return JSON.stringify({ result: [report], statusCode: 200, message: 'Request Successful' });
}

function time(format, result) {
  globalThis.gc?.();
  const started = performance.now();
  const text = format.format(result, { rules: ruleCatalogue, color: false });
  return { ms: performance.now() - started, bytes: text.length };
}

/** The files a file's listing cap leaves every finding of: `count` false Greens, 1,000 to a file. */
const perFile = 1_000;
function inputsOfFalseGreens(count) {
  return Array.from({ length: Math.ceil(count / perFile) }, (_, file) => ({
    text: reportOfFalseGreens(Math.min(perFile, count - file * perFile)),
    name: `reports/many-${file}.json`,
  }));
}

/** Times every findings format but json against json on `count` false-Green policies. */
export async function benchFindingsFormats({ count = 125_000, runs = 5 } = {}) {
  const analysis = await analyseInputs(inputsOfFalseGreens(count));
  const result = judgeFindingsResult({ analysis });
  const findings = analysis.sources.reduce((sum, source) => sum + source.findings.length, 0);
  const json = findingsFormats.json;
  time(json, result);
  const rows = [];
  for (const format of Object.values(findingsFormats)) {
    if (format.name === 'json') continue;
    time(format, result);
    const tool = [];
    const base = [];
    for (let run = 0; run < runs; run += 1) {
      base.push(time(json, result));
      tool.push(time(format, result));
    }
    const ms = median(tool.map((run) => run.ms));
    const baselineMs = median(base.map((run) => run.ms));
    rows.push({
      name: format.name,
      findings,
      ms,
      baselineMs,
      ratio: ms / baselineMs,
      bytes: tool[0].bytes,
      baselineBytes: base[0].bytes,
    });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await benchFindingsFormats({ count: Number(process.argv[2] ?? 125_000) }));
}
