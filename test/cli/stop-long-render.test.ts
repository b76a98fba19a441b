import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
let report = '';

beforeAll(() => {
  // Made once, outside the temporary folders removed after each test.
  const dir = join(process.cwd(), 'node_modules', '.cache', 'cspm-stop-test');
  report = join(dir, 'big.json');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(report)) expect(spawnSync(process.execPath, ['scripts/generate-report.js', '30000', report]).status).toBe(0);
});

// The old PDF renderer drew every page in one synchronous stretch of seconds: SIGTERM
// waited for it to end. The signal must now end the run within a moment wherever it lands.
describe('a stop signal during a long render', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s ends a 30,000-policy PDF render at once (exit %i), leaving no output', async (signal, code) => {
    const out = join(tempDir(), 'out');
    const child = spawn(process.execPath, [bin, 'render', report, '-f', 'pdf', '--out-dir', out], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (status) => resolve(status)));
    // Past loading and checking: the document is being drawn.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sent = Date.now();
    child.kill(signal);
    const status = await exited;
    const took = Date.now() - sent;
    expect(status).toBe(code);
    expect(took).toBeLessThan(1500);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    expect(stderr).toBe('');
  }, 60_000);
});
