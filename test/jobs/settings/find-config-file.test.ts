import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findConfigFile, type SearchBounds } from '../../../src/jobs/settings/find-config-file.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();

/**
 * A folder tree `top/a/b` with a home and a temporary folder elsewhere, so that neither bound applies unless a test
 * says so.
 */
function setUp(): { top: string; cwd: string; bounds: SearchBounds } {
  const dir = tempDir();
  const top = join(dir, 'top');
  const cwd = join(top, 'a', 'b');
  mkdirSync(cwd, { recursive: true });
  mkdirSync(join(dir, 'home'));
  mkdirSync(join(dir, 'tmp'));
  return { top, cwd, bounds: { home: join(dir, 'home'), tmpdir: join(dir, 'tmp') } };
}

const config = 'cspm-report.config.json';

describe('the search for a config file', () => {
  it('finds a file above, and stops after the repository root', () => {
    const { top, cwd, bounds } = setUp();
    writeFileSync(join(top, config), '{"fail-on": "warning"}');
    expect(findConfigFile(undefined, cwd, bounds)).toMatchObject({
      shown: join('..', '..', config),
      found: 'search',
      value: { 'fail-on': 'warning' },
    });
    mkdirSync(join(top, 'a', '.git'));
    expect(findConfigFile(undefined, cwd, bounds)).toBeUndefined();
  });

  it("stops after the user's home: a file above it never applies", () => {
    const { top, cwd, bounds } = setUp();
    writeFileSync(join(top, config), '{}');
    expect(findConfigFile(undefined, cwd, { ...bounds, home: join(top, 'a') })).toBeUndefined();
    writeFileSync(join(top, 'a', config), '{}');
    expect(findConfigFile(undefined, cwd, { ...bounds, home: join(top, 'a') })).toMatchObject({
      shown: join('..', config),
    });
  });

  it('never reads a file in the temporary folder itself, nor above it', () => {
    const { top, cwd, bounds } = setUp();
    writeFileSync(join(top, config), '{"fail-on": "never"}');
    expect(findConfigFile(undefined, cwd, { ...bounds, tmpdir: top })).toBeUndefined();
    // A link to the temporary folder is the same folder.
    symlinkSync(top, join(bounds.tmpdir, 'link'));
    expect(findConfigFile(undefined, cwd, { ...bounds, tmpdir: join(bounds.tmpdir, 'link') })).toBeUndefined();
  });

  it('finds nothing in the real temporary folder from a folder below it', () => {
    // The test's folders live in the system's temporary folder: nothing above them is read.
    const { cwd } = setUp();
    expect(findConfigFile(undefined, cwd)).toBeUndefined();
  });

  it('passes over a package.json that is not ours: without the key, not parsing, or not a plain file', () => {
    const { top, cwd, bounds } = setUp();
    writeFileSync(join(cwd, 'package.json'), '{"name": "scans"}');
    writeFileSync(join(top, 'a', 'package.json'), '{ this is not json');
    mkdirSync(join(top, 'package.json'));
    expect(findConfigFile(undefined, cwd, bounds)).toBeUndefined();
    writeFileSync(join(cwd, 'package.json'), '{"cspm-report": {"fail-on": "warning"}}');
    expect(findConfigFile(undefined, cwd, bounds)).toMatchObject({
      shown: 'package.json',
      within: ['cspm-report'],
      value: { 'fail-on': 'warning' },
    });
  });

  it('records the SHA-256 of the bytes read', () => {
    const { cwd, bounds } = setUp();
    writeFileSync(join(cwd, config), '{}\n');
    expect(findConfigFile(undefined, cwd, bounds)?.sha256).toBe(
      'ca3d163bab055381827226140568f3bef7eaac187cebd76878e0b63e9e442356',
    );
  });
});

describe('a config file that is not a plain file, refused in one line naming it', () => {
  const kinds: { name: string; make(path: string): void; message: string }[] = [
    {
      name: 'a named pipe (which would block the run)',
      make: (path) => execFileSync('mkfifo', [path]),
      message: 'a named pipe, not a plain file',
    },
    {
      name: 'a link to /dev/zero (which never ends)',
      make: (path) => symlinkSync('/dev/zero', path),
      message: 'a device, not a plain file',
    },
    { name: 'a folder', make: (path) => mkdirSync(path), message: 'a folder, not a plain file' },
    { name: 'a link to nothing', make: (path) => symlinkSync('nowhere', path), message: 'a link to nothing' },
    {
      name: 'a file over 1 MiB',
      make: (path) => writeFileSync(path, `{"title": "${'x'.repeat(1024 * 1024)}"}`),
      message: 'larger than 1 MiB',
    },
  ];
  for (const { name, make, message } of kinds) {
    it(`refuses ${name}`, () => {
      const { top, cwd, bounds } = setUp();
      make(join(top, config));
      expect(() => findConfigFile(undefined, cwd, bounds)).toThrow(
        `invalid usage: ${join('..', '..', config)}: ${message}`,
      );
    });
  }

  it('refuses a named pipe given with --config, without blocking', () => {
    const { cwd } = setUp();
    execFileSync('mkfifo', [join(cwd, 'c.json')]);
    expect(() => findConfigFile('c.json', cwd)).toThrow(
      'invalid usage: --config c.json: a named pipe, not a plain file',
    );
  });
});
