import { execFileSync } from 'node:child_process';
import {
  chownSync,
  createReadStream,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAtomic } from '../../src/cli/write-atomic.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

async function* chunks(): AsyncIterable<string> {
  yield 'one ';
  yield 'two';
}

describe('writeAtomic', () => {
  it('writes a new file, creating its folder, and leaves no temporary file', async () => {
    const dir = tempDir();
    const path = join(dir, 'out', 'report.json');
    await writeAtomic(path, '{"ok":true}');
    expect(readFileSync(path, 'utf8')).toBe('{"ok":true}');
    expect(readdirSync(join(dir, 'out'))).toEqual(['report.json']);
  });

  it('replaces a regular file with bytes or streamed chunks', async () => {
    const path = join(tempDir(), 'report.txt');
    writeFileSync(path, 'old');
    await writeAtomic(path, new Uint8Array([0x6e, 0x65, 0x77]));
    expect(readFileSync(path, 'utf8')).toBe('new');
    await writeAtomic(path, chunks());
    expect(readFileSync(path, 'utf8')).toBe('one two');
  });

  it('refuses to write through a symbolic link of that name, and leaves the link and its file as they were', async () => {
    const dir = tempDir();
    const file = join(dir, 'real.json');
    const link = join(dir, 'link.json');
    writeFileSync(file, 'old');
    symlinkSync(file, link);
    await expect(writeAtomic(link, 'new')).rejects.toMatchObject({
      code: 'output-through-link',
      data: { path: link, link },
    });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir).sort()).toEqual(['link.json', 'real.json']);
  });

  it('refuses a folder below the output folder that is a link, but not the output folder itself', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'elsewhere'));
    mkdirSync(join(dir, 'out'));
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'out', 'sub'));
    await expect(
      writeAtomic(join(dir, 'out', 'sub', 'deeper', 'x.csv'), 'new', join(dir, 'out')),
    ).rejects.toMatchObject({ code: 'output-through-link', data: { link: join(dir, 'out', 'sub') } });
    expect(readdirSync(join(dir, 'elsewhere'))).toEqual([]);
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'linked-out'));
    await writeAtomic(join(dir, 'linked-out', 'x.csv'), 'new', join(dir, 'linked-out'));
    expect(readFileSync(join(dir, 'elsewhere', 'x.csv'), 'utf8')).toBe('new');
  });

  it.skipIf(process.platform === 'win32')(
    'writes into a named pipe instead of renaming a file over it (as -o /dev/null, /dev/stdout)',
    async () => {
      const fifo = join(tempDir(), 'pipe');
      execFileSync('mkfifo', [fifo]);
      const received = new Promise<string>((resolve, reject) => {
        let text = '';
        createReadStream(fifo, 'utf8')
          .on('data', (chunk) => (text += String(chunk)))
          .on('end', () => resolve(text))
          .on('error', reject);
      });
      await writeAtomic(fifo, 'through the pipe');
      expect(await received).toBe('through the pipe');
      expect(statSync(fifo).isFIFO()).toBe(true);
    },
  );

  it('fails with a one-line output error for a directory and leaves it alone', async () => {
    const dir = join(tempDir(), 'a-folder');
    mkdirSync(dir);
    await expect(writeAtomic(dir, 'x')).rejects.toThrow(/a-folder/);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.skipIf(process.getuid?.() !== 0)('run as root, keeps the owner and group of a file it replaces', async () => {
    const path = join(tempDir(), 'theirs.json');
    writeFileSync(path, 'old', { mode: 0o640 });
    chownSync(path, 1234, 5678);
    await writeAtomic(path, 'new');
    expect(statSync(path)).toMatchObject({ uid: 1234, gid: 5678 });
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(readFileSync(path, 'utf8')).toBe('new');
  });
});
