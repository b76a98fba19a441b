import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAction, runCompositeAction } from '../support/composite-action.js';
import { repositoryRoot } from '../support/clean-clone.js';
import { useTempDir } from '../support/temp-dir.js';
import { runRecorded, useRecordingAction } from './recording-action.js';

/**
 * The command line the Action builds from its inputs, word for word: no config file
 * unless the config input names one, and then --strict-config with it.
 */

const tempDir = useTempDir();
const recordingAction = useRecordingAction();

/** A workspace holding a report, a config file where the search would find it, and a folder. */
function workspace(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'r.json'), '{}');
  writeFileSync(join(dir, 'cspm-report.config.yaml'), 'rule:\n  - policy-compliance=off\n');
  writeFileSync(join(dir, '-lax.yaml'), 'fail-on: error\n');
  mkdirSync(join(dir, 'configs'));
  return dir;
}

function argvOf(inputs: Record<string, string>): string[] | undefined {
  return runRecorded(recordingAction(), workspace(), inputs).argv;
}

describe('the command line the Action builds', () => {
  it('reads no config file unless the config input names one', () => {
    expect(argvOf({ reports: 'r.json' })).toEqual([
      'check',
      'r.json',
      '--no-config',
      '--format',
      'github',
      '--output',
      '-',
    ]);
  });

  it('passes the config file named, with --strict-config', () => {
    expect(argvOf({ reports: 'r.json', config: 'cspm-report.config.yaml' })).toEqual([
      'check',
      'r.json',
      '--config=cspm-report.config.yaml',
      '--strict-config',
      '--format',
      'github',
      '--output',
      '-',
    ]);
    expect(argvOf({ reports: 'r.json', config: '  -lax.yaml\n' })).toEqual([
      'check',
      'r.json',
      '--config=./-lax.yaml',
      '--strict-config',
      '--format',
      'github',
      '--output',
      '-',
    ]);
  });

  it.each([
    { config: 'missing.yaml', message: 'the config input names no file: "missing.yaml"' },
    { config: 'configs', message: 'the config input names no file: "configs"' },
    { config: 'a.yaml\nb.yaml', message: 'the config input holds a control character (a newline?): give one path' },
  ])('refuses a config input that names no file: $config', ({ config, message }) => {
    const { argv, output, result } = runRecorded(recordingAction(), workspace(), { reports: 'r.json', config });
    expect(argv).toBeUndefined();
    expect(result.failed).toBe(true);
    expect(output).toBe(`::error title=cspm-report::${message}\n`);
  });

  it.each([
    '--config=other.yaml',
    '--config',
    '--no-config',
    '--strict-config',
    '--no-strict-config',
    '--noConfig',
    '--strictConfig=false',
    '--',
  ])('refuses %s among the args: the config input says which file', (arg) => {
    const { argv, output } = runRecorded(recordingAction(), workspace(), {
      reports: 'r.json',
      args: `--baseline=old.json\n${arg}`,
    });
    expect(argv).toBeUndefined();
    expect(output).toBe(
      `::error title=cspm-report::the args input holds ${arg}: name a config file in the config input, and the reports in the reports input\n`,
    );
  });

  it('puts every input in its place: gate', () => {
    const inputs = {
      command: 'gate',
      reports: 'r.json\n-x.json',
      rules: '-rules.yaml',
      'fail-on': 'warning',
      'sarif-file': 'out/g.sarif',
      'markdown-file': 'out/g.md',
      'junit-file': 'out/g.xml',
      args: '--rule\nmixed-ids=off',
      annotations: 'false',
    };
    expect(argvOf(inputs)).toEqual([
      'gate',
      'r.json',
      './-x.json',
      '--no-config',
      '--rules=./-rules.yaml',
      '--rule',
      'mixed-ids=off',
      '--fail-on=warning',
      '--format',
      'text',
      '--output',
      '-',
      '--format',
      'sarif',
      '--output=out/g.sarif',
      '--format',
      'markdown',
      '--output=out/g.md',
      '--format',
      'junit',
      '--output=out/g.xml',
    ]);
  });

  it('puts every input in its place: render', () => {
    expect(argvOf({ command: 'render', reports: 'r.json', formats: 'html, xlsx\npdf', 'out-dir': 'docs' })).toEqual([
      'render',
      'r.json',
      '--no-config',
      '--format=html',
      '--format=xlsx',
      '--format=pdf',
      '--out-dir=docs',
    ]);
    expect(argvOf({ command: 'render', reports: 'r.json' })).toEqual([
      'render',
      'r.json',
      '--no-config',
      '--out-dir=cspm-report-documents',
    ]);
  });

  it('documents the config input', () => {
    expect(readAction(repositoryRoot).inputs['config']).toEqual({
      description: expect.stringMatching(/--strict-config.*--no-config/s),
      default: '',
    });
  });
});

describe('a config file in the repository', () => {
  it('does not weaken the verdict of the Action', () => {
    const dir = tempDir();
    cpSync(join(repositoryRoot, 'samples', 'broken', 'policy-compliance.json'), join(dir, 'policy-compliance.json'));
    writeFileSync(join(dir, 'cspm-report.config.yaml'), 'rule:\n  - policy-compliance=off\n');
    const result = runCompositeAction(repositoryRoot, {
      workspace: dir,
      inputs: { reports: 'policy-compliance.json' },
    });
    expect(result.outputs['exit-code']).toBe('1');
    expect(result.failed).toBe(true);
  });
});

describe('upload-sarif', () => {
  it('uploads as the run step read the input, surrounding blanks left out', () => {
    const dir = tempDir();
    cpSync(join(repositoryRoot, 'samples', 'aws-cis.json'), join(dir, 'aws-cis.json'));
    const result = runCompositeAction(repositoryRoot, {
      workspace: dir,
      inputs: { reports: 'aws-cis.json', 'upload-sarif': ' true\n' },
    });
    const upload = result.steps.find((step) => step.uses !== undefined);
    expect(upload?.status).toBe('success');
    expect(upload?.with?.['sarif_file']).toMatch(/cspm-report-check\.sarif$/);
  });
});
