import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A new LibreOffice profile in `dir`, as a file URL for `-env:UserInstallation`, that says
 * it was last used by a later version. LibreOffice runs its graphics self-tests (drawing
 * on 4096-pixel bitmaps) at every start whose profile names an older version, and a
 * headless start never records its own: those tests were five of the six CPU-seconds of
 * each conversion, whatever the file. They choose nothing a conversion uses.
 */
export function libreOfficeProfile(dir: string): string {
  const user = join(dir, 'profile', 'user');
  mkdirSync(user, { recursive: true });
  writeFileSync(
    join(user, 'registrymodifications.xcu'),
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
      '<item oor:path="/org.openoffice.Setup/Product"><prop oor:name="ooSetupLastVersion" oor:op="fuse"><value>99.9</value></prop></item>',
      '</oor:items>',
      '',
    ].join('\n'),
  );
  return pathToFileURL(join(dir, 'profile')).href;
}

/**
 * Runs headless LibreOffice with `flags` (`--convert-to`, `--infilter`…) on `files` in a
 * profile of its own under `outdir`, so that runs never collide, and writes its results to
 * `outdir`. Several files given at once are converted by one start of LibreOffice.
 */
export function runLibreOffice(
  flags: readonly string[],
  files: readonly string[],
  outdir: string,
): { status: number | null; stderr: string } {
  const profile = libreOfficeProfile(outdir);
  return spawnSync(
    'soffice',
    [`-env:UserInstallation=${profile}`, '--headless', ...flags, '--outdir', outdir, ...files],
    { encoding: 'utf8', timeout: 120_000 },
  );
}

/** Converts files with LibreOffice to `target` (`pdf`, `fods`, a CSV filter…), all in one start. */
export function convertWithLibreOffice(files: string | readonly string[], target: string, outdir: string): void {
  const result = runLibreOffice(['--convert-to', target], typeof files === 'string' ? [files] : files, outdir);
  if (result.status !== 0) throw new Error(`soffice failed: ${result.stderr}`);
}
