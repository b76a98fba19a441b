import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

// The one line a new input format adds to the registry, here in a mock of it: its reader
// is the fixture's one file.
vi.mock('../../src/load/input-readers.js', async (importOriginal) => {
  const { fakeScannerReader } = await import('../fixtures/input-formats/fake-scanner-reader.js');
  return {
    inputReaders: {
      'fake-scanner': fakeScannerReader,
      ...(await importOriginal<typeof import('../../src/load/input-readers.js')>()).inputReaders,
    },
  };
});

const tempDir = useTempDir();

/** A document of the made-up scanner: 3 checks, one failing. */
function fakeScan(): string {
  const file = join(tempDir(), 'scan.json');
  const checks = [
    { id: 'FS-1', passed: 2, total: 2 },
    { id: 'FS-2', passed: 0, total: 3 },
    { id: 'FS-3', passed: 1, total: 1 },
  ];
  writeFileSync(file, JSON.stringify({ fakeScanner: { account: 'Fake account', checks } }));
  return file;
}

describe('an input format added to the registry', () => {
  it('is detected from the content and checked as the report it holds', async () => {
    const result = await runInProcess(['check', fakeScan(), '--no-config']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/1 valid report, 3 policies/);
    expect(result.code).toBe(0);
  });

  it('goes through every command downstream: its policies in a render', async () => {
    const result = await runInProcess(['render', fakeScan(), '-f', 'csv', '-o', '-', '--no-config']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('FS-2');
    expect(result.stdout).toContain('Fake account');
  });

  it('leaves what it does not recognise to the service reader, asked last', async () => {
    const result = await runInProcess(['check', 'samples/aws-cis.json', '--no-config']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/1 valid report, 59 policies/);
    const other = join(tempDir(), 'other.json');
    writeFileSync(other, JSON.stringify({ name: 'not a scan' }));
    const refused = await runInProcess(['check', other, '--no-config']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('not an audit report');
  });
});
