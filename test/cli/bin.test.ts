import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

// The path npm links as the `cspm-report` command: the bundled command line.
const bin = (JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> }).bin['cspm-report']!;
const tempDir = useTempDir();

function run(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The packages a command loads before it knows what it will do: those imported
 * statically by the entry, by the chunk it always loads (main) and by theirs.
 * Packages behind a dynamic import or a require on first use are not counted.
 */
function packagesLoadedAtStart(): string[] {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join('dist', file), 'utf8');
    for (const match of code.matchAll(
      /(?:^|[\s;])(?:import|export)\s[^;]*?from\s*"([^"]+)"|(?:^|[\s;])import\s*"([^"]+)"/gm,
    )) {
      const specifier = match[1] ?? match[2];
      if (specifier === undefined) continue;
      if (specifier.startsWith('./')) visit(specifier.slice(2));
      else if (!isBuiltin(specifier)) packages.add(specifier);
    }
    for (const [, always] of code.matchAll(/import\("\.\/(cspm-report-main-[^"]+)"\)/g)) visit(always!);
  };
  visit('cspm-report.js');
  return [...packages].sort();
}

describe('the built bin', () => {
  it('loads no package at start-up (yargs is bundled in): renderers, rules and XML wait until a run needs them', () => {
    expect(packagesLoadedAtStart()).toEqual([]);
  });

  it("speaks English whatever the locale: yargs's own words too", () => {
    const env = { ...process.env, NO_COLOR: '1', LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8', LANGUAGE: 'de' };
    const help = spawnSync(process.execPath, [bin, 'check', '--help'], { encoding: 'utf8', env });
    expect(help.stdout).toContain('Options:');
    expect(help.stdout).toContain('[required]');
    expect(help.stdout).not.toMatch(/Optionen|erforderlich|Hilfe anzeigen/);
    const wrong = spawnSync(process.execPath, [bin, 'check', 'x.json', '--bogus'], { encoding: 'utf8', env });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('unknown option --bogus');
  });

  it('exists (npm test builds before it runs the tests)', () => {
    expect(bin).toBe('dist/cspm-report.js');
    expect(existsSync(bin)).toBe(true);
  });

  it('checks a file and sets the exit code', () => {
    const file = join(tempDir(), 'report.json');
    const report = minimalReport();
    report.ResourceCategories[1]!.Red = 3;
    writeFileSync(file, JSON.stringify(report));
    const result = run(['check', file, '--format', 'json']);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout).summary).toMatchObject({ files: 1, reports: 1, policies: 5 });
    expect(result.stderr).toBe('');
  });

  it('reads standard input and prints its version', () => {
    expect(run(['check', '-'], JSON.stringify([minimalReport()])).status).toBe(0);
    expect(run(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('renders all three formats: the bundle finds its templates, fonts and lazily loaded renderers', () => {
    const dir = tempDir();
    const file = join(dir, 'report.json');
    writeFileSync(file, JSON.stringify([minimalReport()]));
    const result = run(['render', file, '-f', 'html', '-f', 'pdf', '-f', 'xlsx']);
    expect(result.stderr).not.toMatch(/^cspm-report:/m);
    expect(result.status).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/i);
    expect(readFileSync(join(dir, 'report.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(readFileSync(join(dir, 'report.xlsx')).subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('gates reports with a rules file: exit 3, the verdict in --result', () => {
    const dir = tempDir();
    const file = join(dir, 'report.json');
    const rules = join(dir, 'rules.yaml');
    const result = join(dir, 'gate.json');
    writeFileSync(file, JSON.stringify([minimalReport()]));
    writeFileSync(rules, 'assertions:\n  - {name: posture, metric: compliancePercent, min: 90}\n');
    const run = spawnSync(process.execPath, [bin, 'gate', file, '--rules', rules, '--result', result], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
    expect(run.stdout).toMatch(/✖ gate failed: 1 error, 0 warnings, 0 passed\n$/);
    expect(JSON.parse(readFileSync(result, 'utf8'))).toMatchObject({
      status: 'fail',
      exitCode: 3,
      assertions: [{ name: 'posture', actual: 50 }],
    });
  });

  it('prints one line and exits 2 for a missing file', () => {
    const result = run(['check', 'missing.json']);
    expect(result).toEqual({ status: 2, stdout: '', stderr: 'cspm-report: no such file or directory: missing.json\n' });
  });

  it('with --debug, adds a stack that points into the TypeScript sources', () => {
    const result = run(['check', 'missing.json', '--debug']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^cspm-report: no such file or directory: missing.json\n/);
    expect(result.stderr).toMatch(/src[/\\]load[/\\]io-error\.ts:\d+/);
  });
});
