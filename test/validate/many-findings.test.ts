import { describe, expect, it } from 'vitest';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { formatCheckJson } from '../../src/render/findings/json-format.js';
import { schemaValidators, type SchemaValidator } from '../../src/validate/schema-validators.js';
import { formatCheckText } from '../../src/render/findings/text-format.js';
import { minimalReport, policy } from '../support/minimal-report.js';
import { reportWithoutSeverities } from '../support/report-without-severities.js';

/** Two policies numbered 1000.x and then `count` numbered each under a category number of its own. */
function reportWithStrayNumbers(count: number): string {
  const report = minimalReport();
  const policies = [policy('A', '1000.1', 1, 1), policy('B', '1000.2', 1, 1)];
  for (let index = 0; index < count; index += 1) policies.push(policy(`P${index}`, `${2000 + index}.1`, 1, 1));
  const total = policies.length;
  report.ResourceCategories = [
    {
      ...report.ResourceCategories[0]!,
      Total: total,
      Green: total,
      Red: 0,
      Amber: 0,
      Gray: 0,
      CompliancePercent: 100,
      Policies: policies,
    },
  ];
  return JSON.stringify([report]);
}

describe('a report with more findings than a file lists', () => {
  it('checks 130,000 policies without a Severity: lists the first 1,000, counts every one', async () => {
    const analysis = await analyseInputs({ text: reportWithoutSeverities(130_000), name: 'many.json' });
    const findings = analysis.sources[0]!.findings;
    expect(findings).toHaveLength(1_001);
    expect(findings[999]).toMatchObject({ rule: 'schema', pointer: '/0/ResourceCategories/0/Policies/999/Severity' });
    expect(findings[1_000]).toMatchObject({
      rule: 'schema',
      severity: 'error',
      pointer: '/0/ResourceCategories/0/Policies',
      omitted: 129_000,
    });
    expect(findings[1_000]!.message).toMatch(/^and 129,000 more like it \(schema\)/);
    const text = formatCheckText(analysis);
    expect(text).toContain('✖ 130,000 findings (130,000 errors, 0 warnings) in 1 file, 0 valid reports');
    const json = JSON.parse(formatCheckJson(analysis));
    expect(json.summary.errors).toBe(130_000);
    expect(json.files[0].omittedFindings).toEqual({ schema: 129_000 });
  }, 60_000);

  it('checks 130,000 policies numbered outside their category: the same limit for a rule of the analysis', async () => {
    const analysis = await analyseInputs({ text: reportWithStrayNumbers(130_000), name: 'stray.json' });
    const findings = analysis.sources[0]!.findings;
    expect(findings).toHaveLength(1_001);
    expect(findings.every((finding) => finding.rule === 'compliance-number' && finding.severity === 'warning')).toBe(
      true,
    );
    expect(findings[1_000]!.omitted).toBe(129_000);
    expect(formatCheckText(analysis)).toContain(
      '✖ 130,000 findings (0 errors, 130,000 warnings) in 1 file, 1 valid report',
    );
  }, 60_000);

  it('a severity setting applies to the findings counted only too', async () => {
    const analysis = await analyseInputs(
      { text: reportWithStrayNumbers(2_000), name: 'stray.json' },
      { severities: { 'compliance-number': 'error' } },
    );
    expect(analysis.summary).toMatchObject({ errors: 2_000, warnings: 0 });
    const off = await analyseInputs(
      { text: reportWithStrayNumbers(2_000), name: 'stray.json' },
      { severities: { 'compliance-number': 'off' } },
    );
    expect(off.sources[0]!.findings).toEqual([]);
  });
});

describe('schema validation of a report of many bad policies', () => {
  it("never has ajv list more than a policy's errors in one call, and counts them all", async () => {
    // Every validator wrapped to note the longest error list one call made.
    let longest = 0;
    const validators = schemaValidators as unknown as Record<string, SchemaValidator>;
    const originals = { ...validators };
    for (const [name, validate] of Object.entries(originals)) {
      const wrapped = ((data: unknown) => {
        const valid = validate(data);
        longest = Math.max(longest, validate.errors?.length ?? 0);
        wrapped.errors = validate.errors ?? null;
        return valid;
      }) as SchemaValidator;
      validators[name] = wrapped;
    }
    try {
      // One call on the whole report listed every policy's errors: 100,000 of these 20,000
      // policies (a million policies took 18 s and 2.3 GB). Each call now lists one part's.
      const text = `[${JSON.stringify({ ...minimalReport(), ResourceCategories: [{ ...minimalReport().ResourceCategories[0]!, Policies: Array.from({ length: 20_000 }, () => ({})) }] })}]`;
      const analysis = await analyseInputs({ text, name: 'empty-policies.json' });
      expect(longest).toBeLessThan(20);
      const findings = analysis.sources[0]!.findings;
      expect(findings).toHaveLength(1_001);
      expect(analysis.summary.errors).toBe(1_000 + findings[1_000]!.omitted!);
      expect(analysis.summary.errors).toBeGreaterThan(20_000 * 5);
    } finally {
      Object.assign(validators, originals);
    }
  }, 60_000);
});
