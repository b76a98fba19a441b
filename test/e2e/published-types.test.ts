import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';

/**
 * The package as npm publishes it, compiled against by a TypeScript consumer with
 * skipLibCheck off: the published types must not need a devDependency. The tarball
 * is unpacked into the consumer's node_modules and its dependencies are linked from
 * this project's node_modules, so that no registry is asked (npm install of a
 * tarball would try the network for every dependency it has not cached).
 */

const tempDir = useTempDir();
const root = resolve('.');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function run(command: string, args: string[], cwd: string): { status: number | null; output: string } {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function link(consumer: string, name: string): void {
  const target = join(consumer, 'node_modules', name);
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(join(root, 'node_modules', name), target, 'dir');
}

/** A consumer project with the packed package installed from its tarball; returns its folder. */
function installPacked(): string {
  const dir = tempDir();
  const packed = run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], root);
  expect(packed.status, packed.output).toBe(0);
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  expect(tarball).toBeDefined();
  const consumer = join(dir, 'consumer');
  const installed = join(consumer, 'node_modules', 'cspm-report');
  mkdirSync(installed, { recursive: true });
  const unpacked = run('tar', ['-xzf', join(dir, tarball!), '-C', installed, '--strip-components=1'], dir);
  expect(unpacked.status, unpacked.output).toBe(0);
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies ?? {})) link(consumer, name);
  // What a TypeScript consumer on Node brings of its own.
  link(consumer, '@types/node');
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  return consumer;
}

/** The names of a workbook's sheets, as exceljs reads the file back. */
async function sheetNames(path: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets.map((sheet) => sheet.name);
}

const consumerSource = `import {
  checkReports,
  gateReports,
  diffScans,
  renderReports,
  renderers,
  publishedSchemas,
  ruleCatalogue,
  isCspmError,
  type Analysis,
  type BenchmarkReport,
  type CheckResult,
  type Finding,
  type Renderer,
  type Verdict,
} from 'cspm-report';
import { writeFile } from 'node:fs/promises';

const input = process.argv[2] ?? [];
const checked: CheckResult = await checkReports(input);
const analysis: Analysis = checked.analysis;
const verdict: Verdict = checked.verdict;
const findings: Finding[] = analysis.sources.flatMap((source) => source.findings);
const gate = await gateReports(input, { rules: 'cspm:recommended' });
const diff = await diffScans(input, input, { allowMismatch: true, failOnRegression: 'High' });
// One document per input unless combined: one input, one document, in both formats.
const planned = await renderReports(input, { formats: ['html', 'xlsx'] });
const [document] = planned.plan.documents;
const outputs = document?.status === 'ready' ? document.outputs : [];
const html: Renderer = renderers.html;
const first: BenchmarkReport | undefined = analysis.sources[0]?.reports[0]?.report;
const body = await outputs.find((output) => output.format === 'html')!.render();
// The XLSX renderer's exceljs is bundled into the package: this consumer has none.
const workbook = await outputs.find((output) => output.format === 'xlsx')!.render();
await writeFile(process.argv[3]!, workbook);
console.log(JSON.stringify({
  check: verdict.exitCode,
  gate: gate.verdict.exitCode,
  diff: diff.verdict.status,
  documents: planned.plan.documents.length,
  findings: findings.length,
  reports: analysis.summary.reports,
  format: html.format,
  benchmark: first?.BenchmarkId ?? null,
  bytes: body instanceof Uint8Array,
  schema: typeof publishedSchemas['audit-report'].read().$id,
  rules: ruleCatalogue.length > 0,
  error: isCspmError(new Error('x')),
}));
`;

describe('the published package', () => {
  it('compiles in a TypeScript consumer with skipLibCheck off, and runs', async () => {
    const consumer = installPacked();
    writeFileSync(join(consumer, 'consumer.ts'), consumerSource);
    const compilerOptions = {
      target: 'ES2023',
      lib: ['ES2023'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      skipLibCheck: false,
      types: ['node'],
      outDir: 'out',
    };
    writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['consumer.ts'] }));
    const compiled = run(process.execPath, [tsc, '-p', 'tsconfig.json'], consumer);
    expect(compiled.output).toBe('');
    expect(compiled.status).toBe(0);
    const workbook = join(consumer, 'library.xlsx');
    const ran = run(
      process.execPath,
      [join('out', 'consumer.js'), join(root, 'samples', 'aws-cis.json'), workbook],
      consumer,
    );
    expect(ran.status, ran.output).toBe(0);
    expect(JSON.parse(ran.output)).toEqual({
      check: 0,
      gate: 3,
      diff: 'pass',
      documents: 1,
      findings: 0,
      reports: 1,
      format: 'html',
      benchmark: 'CISAWS140',
      bytes: true,
      schema: 'string',
      rules: true,
      error: false,
    });
    expect(existsSync(join(consumer, 'node_modules', 'exceljs'))).toBe(false);
    expect(await sheetNames(workbook)).toEqual([
      'Summary',
      'Categories',
      'Action list',
      'Policies',
      'POA&M',
      'Findings',
    ]);

    // The installed command line renders a workbook too.
    const cli = join(consumer, 'cli.xlsx');
    const bin = join(consumer, 'node_modules', 'cspm-report', 'dist', 'cspm-report.js');
    const rendered = run(process.execPath, [bin, 'render', join(root, 'samples', 'aws-cis.json'), '-o', cli], consumer);
    expect(rendered.status, rendered.output).toBe(0);
    expect(await sheetNames(cli)).toEqual(['Summary', 'Categories', 'Action list', 'Policies', 'POA&M', 'Findings']);

    // And gates on a YAML rules file with the bundled yaml: this consumer has none.
    const gated = run(
      process.execPath,
      [
        bin,
        'gate',
        join(root, 'samples', 'aws-cis.json'),
        '--rules',
        join(root, 'samples', 'gate', 'gate-rules.yaml'),
        '-f',
        'json',
      ],
      consumer,
    );
    expect(gated.status, gated.output).toBe(0);
    expect((JSON.parse(gated.output) as { gate: { rulesFile: string } }).gate.rulesFile).toContain('gate-rules.yaml');
    expect(existsSync(join(consumer, 'node_modules', 'yaml'))).toBe(false);
  }, 120_000);

  it('ships the licences of the packages bundled with exceljs, yaml and the command line', () => {
    const cli = readFileSync(join('dist', 'cspm-report.licenses.txt'), 'utf8');
    for (const name of ['yargs', 'yargs-parser', 'cliui', 'y18n', 'escalade'])
      expect(cli).toMatch(new RegExp(`^${name} \\d+\\.\\d+\\.\\d+ \\((MIT|ISC)\\)$`, 'm'));
    expect(readFileSync(join('dist', 'load', 'yaml', 'yaml.licenses.txt'), 'utf8')).toMatch(
      /^yaml \d+\.\d+\.\d+ \(ISC\)$/m,
    );
    const notices = readFileSync(join('dist', 'render', 'xlsx', 'exceljs.licenses.txt'), 'utf8');
    for (const name of ['exceljs', 'archiver', 'jszip', 'saxes', 'unzipper', 'readdir-glob'])
      expect(notices).toMatch(new RegExp(`^${name} \\d`, 'm'));
    expect(notices).toContain('Permission is hereby granted, free of charge');
    expect(notices).toContain('Apache License');
  });
});
