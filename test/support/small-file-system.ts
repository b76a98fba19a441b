import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * A real, tiny file system (a tmpfs of `kib` KiB) that fills up as a full disk does:
 * the write that crosses the limit takes part of its bytes, the next fails with ENOSPC.
 * Mounting needs root (or CAP_SYS_ADMIN); without it the mount function prints why it
 * skips and returns nothing. Each file system is unmounted after each test.
 */
export function useSmallFileSystem(): (kib: number) => string | undefined {
  const mounted: string[] = [];
  afterEach(() => {
    for (const dir of mounted.splice(0)) {
      spawnSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return (kib) => {
    const dir = mkdtempSync(join(tmpdir(), 'cspm-small-fs-'));
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', dir], { encoding: 'utf8' });
    if (mount.status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      console.warn(
        `skipped: cannot mount a ${kib} KiB tmpfs (needs root): ${(mount.stderr || mount.error?.message || '').trim()}`,
      );
      return undefined;
    }
    mounted.push(dir);
    return dir;
  };
}
