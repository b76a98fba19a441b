import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { ruleCatalogue } from '../../src/index.js';
import { hasXmllint, junitSchemaErrors } from '../support/junit-schema.js';
import { minimalReport } from '../support/minimal-report.js';
import { parseXml } from '../support/parse-xml.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** A folder with a report that has two errors (a wrong Total). */
function writeBroken(): { dir: string; broken: string } {
  const dir = tempDir();
  const broken = join(dir, 'broken.json');
  const report = minimalReport();
  report.ResourceCategories[0]!.Total = 4;
  writeFileSync(broken, JSON.stringify([report]));
  return { dir, broken };
}

describe('check with the CI findings formats', () => {
  it('writes JUnit XML to standard output and exits 1 on errors', async () => {
    const { broken } = writeBroken();
    const result = await runInProcess(['check', broken, '--format', 'junit']);
    expect(result).toMatchObject({ code: 1, stderr: '' });
    const root = new DOMParser({
      onError: (level, message) => {
        throw new Error(`${level}: ${message}`);
      },
    }).parseFromString(result.stdout, 'application/xml').documentElement!;
    expect(root.getAttribute('failures')).toBe('2');
  });

  it("states the exit code's verdict in JUnit: under --fail-on warning a warning is a failure", async () => {
    const dir = tempDir();
    const warned = join(dir, 'warned.json');
    const report = minimalReport();
    report.ResourceCategories[1]!.CompliancePercent = 12.5;
    writeFileSync(warned, JSON.stringify(report));
    const passing = await runInProcess(['check', warned, '--format', 'junit']);
    expect(passing.code).toBe(0);
    expect(parseXml(passing.stdout).getAttribute('failures')).toBe('0');
    const failing = await runInProcess(['check', warned, '--format', 'junit', '--fail-on', 'warning']);
    expect(failing).toMatchObject({ code: 1, stderr: '' });
    const root = parseXml(failing.stdout);
    expect(root.getAttribute('failures')).toBe('1');
    const failure = Array.from(root.getElementsByTagName('failure'))[0]!;
    expect(failure.getAttribute('type')).toBe('warning');
    expect((failure.parentNode as Element).getAttribute('name')).toBe('compliance-percent');
    if (hasXmllint) for (const xml of [passing.stdout, failing.stdout]) expect(junitSchemaErrors(xml, dir)).toEqual([]);
  });

  it('names the format by the --output extension: .xml is junit, .md markdown, .log github', async () => {
    const { dir, broken } = writeBroken();
    const [xml, md, log] = ['out.xml', 'out.md', 'out.log'].map((name) => join(dir, name)) as [string, string, string];
    const result = await runInProcess(['check', broken, '-o', xml, '-o', md, '-o', log]);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: '' });
    // A test case per rule of the catalogue.
    expect(readFileSync(xml, 'utf8')).toMatch(
      new RegExp(
        `^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n<testsuites name="cspm-report" tests="${ruleCatalogue.length}" failures="2" errors="0">\\n`,
      ),
    );
    if (hasXmllint) expect(junitSchemaErrors(readFileSync(xml, 'utf8'), dir)).toEqual([]);
    expect(readFileSync(md, 'utf8')).toMatch(/^## ❌ cspm-report check: failed \(exit code 1\)\n/);
    expect(readFileSync(log, 'utf8')).toMatch(
      new RegExp(
        `::error file=${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},line=\\d+,col=\\d+,title=category-total::`,
      ),
    );
  });

  it('appends the Markdown summary to GITHUB_STEP_SUMMARY and keeps what was there', async () => {
    const { dir, broken } = writeBroken();
    const summary = join(dir, 'step-summary.md');
    writeFileSync(summary, '# Earlier step output\n');
    const result = await runInProcess(['check', broken, '--format', 'github'], {
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^::error file=/);
    const markdown = (await runInProcess(['check', broken, '--format', 'markdown'])).stdout;
    expect(readFileSync(summary, 'utf8')).toBe(`# Earlier step output\n${markdown}`);
  });

  it('leaves GITHUB_STEP_SUMMARY alone for the other formats', async () => {
    const { dir, broken } = writeBroken();
    const summary = join(dir, 'step-summary.md');
    await runInProcess(['check', broken, '--format', 'junit'], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(existsSync(summary)).toBe(false);
  });

  it('reports a step summary it cannot write as one clear line, exit 2', async () => {
    const { dir, broken } = writeBroken();
    const summary = join(dir, 'missing', 'step-summary.md');
    const result = await runInProcess(['check', broken, '--format', 'github'], {
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`cspm-report: cannot write output: GITHUB_STEP_SUMMARY ${summary} (ENOENT)\n`);
  });
});
