import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAction, runCompositeAction, type ActionResult } from '../support/composite-action.js';
import { repositoryRoot } from '../support/clean-clone.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * action.yml run as the GitHub runner runs a composite action, from this checkout
 * (built: the set-up step finds dist/ and node_modules and has nothing to do), in a
 * workspace holding copies of the bundled samples.
 */

const tempDir = useTempDir();

function workspace(): string {
  const dir = tempDir();
  cpSync(join(repositoryRoot, 'samples'), join(dir, 'samples'), { recursive: true });
  return dir;
}

function stepNamed(result: ActionResult, name: string): ActionResult['steps'][number] {
  const step = result.steps.find((candidate) => candidate.name === name);
  if (!step) throw new Error(`no step ${name}`);
  return step;
}

describe('action.yml', () => {
  it('passes inputs to scripts through env: only', () => {
    const action = readAction(repositoryRoot);
    for (const step of action.runs.steps) expect(step.run ?? '', step.name).not.toContain('${{');
    expect(Object.keys(action.outputs)).toEqual(['exit-code', 'sarif-file']);
  });

  it('checks clean reports: exit code 0, SARIF, Markdown and JUnit files, annotations and the step summary', () => {
    const dir = workspace();
    const result = runCompositeAction(repositoryRoot, {
      workspace: dir,
      inputs: {
        reports: 'samples/*.json',
        'sarif-file': 'out/check.sarif',
        'markdown-file': 'out/check.md',
        'junit-file': 'out/check.xml',
      },
    });
    expect(result.steps.map((step) => [step.name, step.status])).toEqual([
      ['Set up cspm-report', 'success'],
      ['Run cspm-report', 'success'],
      ['Upload SARIF to code scanning', 'skipped'],
      ['Fail on the verdict', 'skipped'],
    ]);
    expect(result.failed).toBe(false);
    expect(result.outputs).toEqual({ 'exit-code': '0', 'sarif-file': 'out/check.sarif' });
    const sarif = JSON.parse(readFileSync(join(dir, 'out', 'check.sarif'), 'utf8')) as {
      version: string;
      runs: { results: unknown[] }[];
    };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]!.results).toEqual([]);
    expect(readFileSync(join(dir, 'out', 'check.xml'), 'utf8')).toContain('<testsuites');
    const markdown = readFileSync(join(dir, 'out', 'check.md'), 'utf8');
    expect(result.summary).toBe(markdown);
    expect(stepNamed(result, 'Run cspm-report').stdout).toContain(
      '::notice title=cspm-report passed::no findings in 4 files, 6 valid reports, 447 policies',
    );
  });

  it('fails the gate with exit code 3 after handing the SARIF file to the upload step', () => {
    const dir = workspace();
    const result = runCompositeAction(repositoryRoot, {
      workspace: dir,
      inputs: { command: 'gate', reports: 'samples/aws-cis.json', rules: 'cspm:recommended', 'upload-sarif': 'true' },
    });
    const sarifFile = result.outputs['sarif-file']!;
    expect(result.outputs['exit-code']).toBe('3');
    expect(sarifFile).toMatch(/cspm-report-gate\.sarif$/);
    expect(existsSync(sarifFile)).toBe(true);
    const upload = stepNamed(result, 'Upload SARIF to code scanning');
    expect(upload).toMatchObject({
      status: 'success',
      uses: 'github/codeql-action/upload-sarif@v3',
      with: { sarif_file: sarifFile, category: 'cspm-report-gate' },
    });
    const verdict = stepNamed(result, 'Fail on the verdict');
    expect(verdict.status).toBe('failure');
    expect(verdict.stdout).toContain('::error title=cspm-report::cspm-report exited with 3');
    expect(result.failed).toBe(true);
    expect(result.summary).toContain('gate');
  });

  it('reads inputs as data: shell code in reports and args is an argument, not run', () => {
    const dir = workspace();
    const hostile = [
      'samples/$(touch pwned-1).json',
      'samples/`touch pwned-2`.json',
      'samples/x.json; touch pwned-3',
      '-rf',
    ].join('\n');
    const result = runCompositeAction(repositoryRoot, {
      workspace: dir,
      inputs: { reports: hostile, args: '$(touch pwned-4)' },
    });
    expect(result.outputs['exit-code']).toBe('2');
    for (const file of ['pwned-1', 'pwned-2', 'pwned-3', 'pwned-4'])
      expect(existsSync(join(dir, file)), file).toBe(false);
    expect(stepNamed(result, 'Run cspm-report').stderr).toContain('samples/$(touch pwned-1).json');
  });

  it('renders documents into out-dir and lists them in the step summary', () => {
    const dir = workspace();
    const result = runCompositeAction(repositoryRoot, {
      workspace: dir,
      inputs: { command: 'render', reports: 'samples/aws-cis.json', formats: 'html, xlsx', 'out-dir': 'documents' },
    });
    expect(result.outputs).toEqual({ 'exit-code': '0', 'sarif-file': '' });
    expect(result.summary).toBe('### cspm-report render\n\n- `documents/aws-cis.html`\n- `documents/aws-cis.xlsx`\n');
  });
});
