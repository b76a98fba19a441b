import { describe, expect, it } from 'vitest';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { formatCheckJson } from '../../src/render/findings/json-format.js';
import { formatCheckText } from '../../src/render/findings/text-format.js';
import { minimalReport } from '../support/minimal-report.js';

function deep(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

describe('hostile inputs end in findings, never a crash', () => {
  it('does not let __proto__ or constructor keys pollute prototypes', async () => {
    const base = JSON.stringify(minimalReport());
    const text = base
      .replace(
        '{"BenchmarkName"',
        '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "BenchmarkName"',
      )
      .replace('"Severity":"High"', '"Severity":"__proto__"');
    const analysis = await analyseInputs({ text, name: 'proto.json' });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // The odd severity is reported as a value, and counted under its own name.
    expect(analysis.sources[0]!.findings).toEqual([
      expect.objectContaining({ rule: 'unknown-value', actual: '__proto__' }),
    ]);
    expect(JSON.parse(formatCheckJson(analysis)).summary.warnings).toBe(1);
  });

  it('handles nesting a million levels deep', async () => {
    const levels = 1_000_000;
    const analysis = await analyseInputs([
      { text: deep(levels), name: 'deep-array.json' },
      { text: `{"result": ${deep(levels)}, "statusCode": 200, "message": "ok"}`, name: 'deep-envelope.json' },
      {
        text: JSON.stringify(minimalReport()).replace('"JobId"', `"Extra": ${deep(levels)}, "JobId"`),
        name: 'deep-extra.json',
      },
    ]);
    const rules = analysis.sources.map((source) => source.findings.map((finding) => finding.rule));
    expect(rules).toEqual([['not-a-report'], ['not-a-report'], []]);
    expect(formatCheckText(analysis)).toContain('deep-array.json');
  });

  it('reports 1e400 as a schema finding', async () => {
    const text = JSON.stringify(minimalReport()).replace('"TotalResourceCount":4', '"TotalResourceCount":1e400');
    const analysis = await analyseInputs({ text, name: 'huge.json' });
    expect(analysis.sources[0]!.findings).toEqual([
      expect.objectContaining({
        rule: 'schema',
        pointer: '/ResourceCategories/0/Policies/0/TotalResourceCount',
        actual: 'a number beyond double precision (such as 1e400)',
      }),
    ]);
  });

  it('reports values of the wrong type anywhere without throwing', async () => {
    const inputs = [
      'null',
      '42',
      '"text"',
      '[null, 1, "x", []]',
      '{"result": "nothing", "statusCode": 200, "message": "ok"}',
      '{"ResourceCategories": [null, {"Policies": [null]}]}',
    ];
    const analysis = await analyseInputs(inputs.map((text, index) => ({ text, name: `odd-${index}.json` })));
    for (const source of analysis.sources) {
      expect(source.findings.length).toBeGreaterThan(0);
      expect(
        source.findings.every(
          (finding) => finding.rule === 'schema' || finding.rule === 'empty-report' || finding.rule === 'not-a-report',
        ),
      ).toBe(true);
    }
  });

  it('keeps control characters of report text out of the terminal', async () => {
    const text = JSON.stringify(minimalReport())
      .replace('"Azure - Storage"', '"Storage \\u001b]0;owned\\u0007\\u001b[2J"')
      .replace('"Total":3', '"Total":4');
    const output = formatCheckText(await analyseInputs({ text, name: 'escape.json' }));
    expect(output).not.toMatch(/\u001b/);
    expect(output).toContain('Storage \\u001b]0;owned\\u0007');
  });
});
