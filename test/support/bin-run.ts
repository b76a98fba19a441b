import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The path npm links as the `cspm-report` command: the bundled command line (npm test builds it first). */
export const bin = (JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> }).bin[
  'cspm-report'
]!;

/**
 * Runs the built command line as its own process, killed after `timeout` ms: for what
 * must be proven in a real process (signals, pipes, a read that could block for ever).
 */
export function runBin(
  args: string[],
  options: { input?: string; timeout?: number; cwd?: string; env?: Record<string, string> } = {},
): { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [`${process.cwd()}/${bin}`, ...args], {
    input: options.input,
    cwd: options.cwd,
    encoding: 'utf8',
    timeout: options.timeout ?? 20_000,
    killSignal: 'SIGKILL',
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}
