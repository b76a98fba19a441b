import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../support/bin-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** A config file that stops any run that reads it (exit 2): whether it was read shows in the exit code. */
const refusedText = 'fail-on: sometimes\n';

/** True when this process may mount a file system (root on Linux): the only way to make a boundary to cross. */
function canMount(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = join(tempDir(), 'probe');
  mkdirSync(probe);
  try {
    execFileSync('mount', ['-t', 'tmpfs', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const mountable = canMount();
if (!mountable) {
  const why =
    'skipped: the search stopping at a file-system boundary needs a tmpfs mounted (run the tests as root on Linux)';
  // Under CI the boundary must be proven, not skipped.
  if (process.env['CI'] === 'true') throw new Error(why);
  console.warn(why);
}

describe('the config file search and file-system boundaries', () => {
  it.runIf(mountable)('does not read a file above the working directory that lies on another file system', () => {
    const outer = tempDir();
    writeFileSync(join(outer, 'cspm-report.config.yaml'), refusedText);
    const inner = join(outer, 'inner');
    mkdirSync(join(inner, 'scans'), { recursive: true });
    const report = resolve('samples/aws-cis.json');
    // The same folders on one file system: the file above applies, and its value is refused.
    expect(runBin(['check', report], { cwd: join(inner, 'scans') }).status).toBe(2);
    execFileSync('mount', ['-t', 'tmpfs', 'tmpfs', inner], { stdio: 'ignore' });
    try {
      mkdirSync(join(inner, 'scans'));
      const run = runBin(['check', report], { cwd: join(inner, 'scans') });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    } finally {
      execFileSync('umount', [inner], { stdio: 'ignore' });
    }
  });
});
