import { spawnSync } from 'node:child_process';

/**
 * Whether a Debian program that a test needs is installed. Without it the test skips
 * with a line saying what to install; under CI=true a missing program fails instead,
 * so CI can never pass by skipping.
 */
export function hasProgram(program: string, debianPackage: string): boolean {
  const found = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).status === 0;
  if (found) return true;
  const line = `${program} not found: install the Debian package ${debianPackage} (apt-get install -y ${debianPackage}) to run these tests`;
  if (process.env['CI'] === 'true') {
    throw new Error(`${line}; CI=true does not allow skipping`);
  }
  console.warn(`skipped: ${line}`);
  return false;
}
