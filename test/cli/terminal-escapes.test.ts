import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
// ESC sequences that retitle a terminal, a C1 CSI, and the bidi controls that reorder a line.
const hostile = '\u001b]0;pwned\u0007\u009b31m\u202eevil\u2066x\u2069';
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('terminal lines escape control and bidi characters', () => {
  it('in file names: wrote lines, summaries and error lines', async () => {
    const dir = tempDir();
    const report = join(dir, `r${hostile}.json`);
    copyFileSync('samples/aws-cis.json', report);
    const rendered = await runInProcess(['render', report]);
    expect(rendered.code).toBe(0);
    expect(rendered.stderr).not.toMatch(unsafe);
    expect(rendered.stderr).toContain('r\\u001b]0;pwned\\u0007\\u009b31m\\u202eevil\\u2066x\\u2069.html');
    const missing = await runInProcess(['check', join(dir, `gone${hostile}.json`)]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).not.toMatch(unsafe);
    const checked = await runInProcess(['check', report]);
    expect(checked.stdout).not.toMatch(unsafe);
  });

  it('in report text, as text and as JSON', async () => {
    const report = minimalReport();
    report.ResourceCategories[0]!.CategoryName = `Storage ${hostile}`;
    report.ResourceCategories[0]!.Total = 99;
    const file = join(tempDir(), 'r.json');
    writeFileSync(file, JSON.stringify(report));
    const text = await runInProcess(['check', file]);
    expect(text.stdout).toContain('category-total');
    expect(text.stdout).not.toMatch(unsafe);
    const json = await runInProcess(['check', file, '-f', 'json']);
    expect(json.stdout).not.toMatch(unsafe);
    // Escaped in the JSON text; a program reading it gets the characters back.
    expect(json.stdout).toContain('\\u202eevil\\u2066x\\u2069');
    expect(JSON.parse(json.stdout).files[0].findings[0].message).toContain('\u202eevil\u2066x\u2069');
  });
});
