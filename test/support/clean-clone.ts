import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The checkout under test. */
export const repositoryRoot = resolve('.');

/** The environment for npm in a test: no update check, no prompt. */
export const npmEnv = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_yes: 'false',
};

/** Runs a program and returns its exit status and everything it printed. */
export function runProgram(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = npmEnv,
): { status: number | null; stdout: string; output: string } {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return {
    status: result.status,
    stdout: result.stdout,
    output: `${result.stdout}${result.stderr}${result.error ? String(result.error) : ''}`,
  };
}

/** The commit the checkout stands on. */
export function headCommit(): string {
  const rev = runProgram('git', ['rev-parse', 'HEAD'], repositoryRoot);
  if (rev.status !== 0) throw new Error(`git rev-parse HEAD failed: ${rev.output}`);
  return rev.stdout.trim();
}

/**
 * A git clone of the committed HEAD in `dir`, as a new user gets the project: no dist/,
 * no node_modules, nothing uncommitted.
 *
 * @param withDependencies link the checkout's node_modules into the clone: the
 *   devDependencies `npm ci` would install, without the minute it takes
 */
export function cloneHead(dir: string, withDependencies: boolean): string {
  const commit = headCommit();
  for (const args of [
    ['clone', '--quiet', '--no-checkout', repositoryRoot, dir],
    ['-C', dir, 'checkout', '--quiet', '--detach', commit],
  ]) {
    const git = runProgram('git', args, repositoryRoot);
    if (git.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${git.output}`);
  }
  if (withDependencies) symlinkSync(join(repositoryRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}
