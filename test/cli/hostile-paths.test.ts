import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, runBin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { generatedReport } from '../support/generated-report.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * Paths that are not what they seem. What could block a read for ever (a named pipe,
 * a device), signals and closed pipes run the built command line as a process; the
 * rest runs in-process, which needs no Node.js start-up per case.
 */
const tempDir = useTempDir();
const sample = 'samples/aws-cis.json';

function fifo(dir: string, name: string): string {
  const path = join(dir, name);
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  return path;
}

// Run as processes with a time limit: on a blocking read the old code never returned.
describe('inputs that are not regular files', () => {
  it('refuses a named pipe given as a report, as --logo or as --rules, without blocking', () => {
    const dir = tempDir();
    const pipe = fifo(dir, 'pipe.json');
    const check = runBin(['check', pipe], { timeout: 15_000 });
    expect(check.signal).toBeNull();
    expect(check.status).toBe(2);
    expect(check.stderr).toBe(
      `cspm-report: not a regular file: ${pipe} is a named pipe, not a regular file; to read a stream, give - and redirect standard input (< file)\n`,
    );
    const logo = runBin(['render', sample, '--logo', pipe, '--out-dir', dir], { timeout: 15_000 });
    expect(logo.signal).toBeNull();
    expect(logo.status).toBe(2);
    expect(logo.stderr).toContain(`--logo ${pipe} is a named pipe, not a regular file`);
    const rules = runBin(['gate', sample, '--rules', pipe], { timeout: 15_000 });
    expect(rules.signal).toBeNull();
    expect(rules.status).toBe(2);
    expect(rules.stderr).toContain(`${pipe} is a named pipe, not a regular file`);
  });

  it('refuses a device at once instead of reading it without end', () => {
    const result = runBin(['check', '/dev/zero'], { timeout: 15_000 });
    expect(result.signal).toBeNull();
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'cspm-report: not a regular file: /dev/zero is a device, not a regular file; to read a stream, give - and redirect standard input (< file)\n',
    );
  });

  it('reads a file that states a size of 0 but holds data, counting the bytes read', async () => {
    const result = await runInProcess(['check', '/proc/self/status']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('/proc/self/status: 0 reports, 0 policies');
    expect(result.stdout).toContain('json-syntax');
  });

  it('still reads standard input given as -', async () => {
    expect((await runInProcess(['check', '-'], { stdin: '[]' })).stdout).toContain('<stdin>: 0 reports');
  });
});

describe('outputs in folders that cannot be made', () => {
  it.each([
    [['render', sample, '--out-dir', '/proc/nope'], '/proc/nope/aws-cis.html'],
    [['render', sample, '-o', '/proc/x/y.html'], '/proc/x/y.html'],
    [['check', sample, '-o', '/proc/x/y.json'], '/proc/x/y.json'],
  ])('%j ends at once with one line', async (args, target) => {
    const result = await runInProcess(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^cspm-report: cannot write output: ${target.replace(/[.]/g, '\\.')} \\(.*cannot create folder /proc/(nope|x)\\)\\n$`,
      ),
    );
  });
});

describe('signals and closed pipes', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'removes the temporary file of an unfinished render on %s and exits %i',
    async (signal, code) => {
      // Above the 50,000 rows a workbook streams from (streamAboveRows): its temporary file
      // then lives for the whole write. Below, the bytes are written at once and renamed
      // within milliseconds, which a busy machine's polling missed. Generated once and kept.
      const report = await generatedReport(60_000);
      const out = join(tempDir(), 'out');
      const child = spawn(process.execPath, [bin, 'render', report, '-f', 'xlsx', '--out-dir', out], {
        stdio: 'ignore',
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (status) => resolve(status)));
      // Wait for the temporary file to appear: the signal must land mid-write.
      for (
        let tries = 0;
        tries < 600 && !(existsSync(out) && readdirSync(out).some((file) => file.endsWith('.tmp')));
        tries += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(readdirSync(out).some((file) => file.endsWith('.tmp'))).toBe(true);
      child.kill(signal);
      expect(await exited).toBe(code);
      expect(readdirSync(out)).toEqual([]);
    },
    60_000,
  );

  it.each([
    [['check', 'MANY_FINDINGS']],
    [['render', sample, '-f', 'pdf', '-o', '/dev/stdout']],
    [['render', sample, '-f', 'pdf', '-o', '-']],
  ])('%j ends quietly when the reader closes the pipe', (args) => {
    // Output far beyond a pipe's buffer: 3,000 findings, one per policy without Severity.
    const report = minimalReport();
    const policy: Record<string, unknown> = { ...report.ResourceCategories[0]!.Policies[0]! };
    delete policy['Severity'];
    (report.ResourceCategories[0]! as { Policies: unknown[] }).Policies = Array.from({ length: 3000 }, () => policy);
    const many = join(tempDir(), 'many.json');
    writeFileSync(many, JSON.stringify(report));
    const command = args.map((arg) => (arg === 'MANY_FINDINGS' ? many : arg));
    // `head -c 1` reads one byte and closes its end, as `| head` does.
    const result = spawnSync(
      'sh',
      ['-c', `"$0" "$@" | head -c 1 >/dev/null; echo "status $?"`, process.execPath, bin, ...command],
      { encoding: 'utf8', timeout: 30_000 },
    );
    // Nothing but the run's own status line (standard error when the document goes to standard output).
    expect(result.stderr).toMatch(/^( {2}samples\/aws-cis\.json: 1 report, 59 policies, no findings\n)?$/);
    expect(result.stdout).toBe('status 0\n');
  });

  it('writes a document to standard output for -o -', () => {
    const result = spawnSync(process.execPath, [bin, 'render', sample, '-f', 'pdf', '-o', '-'], { timeout: 30_000 });
    expect(result.status).toBe(0);
    expect(result.stdout.subarray(0, 5).toString()).toBe('%PDF-');
    expect(result.stderr.toString()).toBe(`  ${sample}: 1 report, 59 policies, no findings\n`);
  });
});

describe('symbolic links in a scanned folder', () => {
  it('follows a link to a report, so a linked broken report fails the check', async () => {
    const root = tempDir();
    const dir = join(root, 'reports');
    mkdirSync(dir);
    copyFileSync(sample, join(dir, 'good.json'));
    writeFileSync(join(root, 'broken.json'), '{"result": [');
    symlinkSync(join(root, 'broken.json'), join(dir, 'linked.json'));
    const result = await runInProcess(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${join(dir, 'linked.json')}: 0 reports, 0 policies`);
  });

  it('follows a linked folder once, through a loop', async () => {
    const dir = join(tempDir(), 'reports');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    copyFileSync(sample, join(dir, 'sub/r.json'));
    symlinkSync('..', join(dir, 'sub/up'));
    const result = await runInProcess(['check', dir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('no findings in 1 file');
  });

  it('fails closed on a dangling link named *.json', async () => {
    const dir = join(tempDir(), 'reports');
    mkdirSync(dir);
    copyFileSync(sample, join(dir, 'good.json'));
    symlinkSync('gone.json', join(dir, 'dangling.json'));
    const result = await runInProcess(['check', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`cspm-report: no such file or directory: ${join(dir, 'dangling.json')}\n`);
  });
});
