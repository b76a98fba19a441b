import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Converts a file with LibreOffice in a profile of its own, so that runs never collide. */
export function convertWithLibreOffice(file: string, target: string, outdir: string): void {
  const profile = pathToFileURL(join(outdir, 'profile')).href;
  const result = spawnSync('soffice', [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', target, '--outdir', outdir, file], { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`soffice failed: ${result.stderr}`);
}
