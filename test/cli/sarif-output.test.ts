import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { minimalReport } from '../support/minimal-report.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { sarifSchemaErrors } from '../render/findings/sarif-schema.js';

const tempDir = useTempDir();

/** Writes a report with one wrong category Total and returns its path. */
function writeBroken(dir: string): string {
  const report = minimalReport();
  report.ResourceCategories[0]!.Total = 4;
  const path = join(dir, 'r.json');
  writeFileSync(path, JSON.stringify({ result: [report], statusCode: 200, message: 'Request Successful' }));
  return path;
}

interface Log {
  runs: {
    results: {
      ruleId: string;
      locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[];
    }[];
  }[];
}

function readLog(path: string): Log {
  const log = JSON.parse(readFileSync(path, 'utf8')) as Log;
  expect(sarifSchemaErrors(log)).toEqual([]);
  return log;
}

describe('cspm-report check writing SARIF', () => {
  it('writes valid SARIF with -f sarif -o out.sarif and still exits 1 on errors', async () => {
    const dir = tempDir();
    const input = writeBroken(dir);
    const out = join(dir, 'out.sarif');
    const result = await runInProcess(['check', input, '-f', 'sarif', '-o', out]);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: '' });
    const log = readLog(out);
    expect(log.runs[0]!.results.map((item) => item.ruleId)).toEqual(['category-total', 'category-count']);
    // Absolute, outside the working folder: relative to it all the same, as GitHub takes no absolute URI.
    expect(log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation).toEqual({
      uri: relative(process.cwd(), input),
      uriBaseId: '%SRCROOT%',
    });
  });

  it('takes the format from the .sarif extension and keeps a relative input path relative', async () => {
    const dir = tempDir();
    const input = relative(process.cwd(), writeBroken(dir));
    const out = join(dir, 'out.sarif');
    expect((await runInProcess(['check', input, '-o', out])).code).toBe(1);
    const location = readLog(out).runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation;
    expect(location).toEqual({ uri: input.split('\\').join('/'), uriBaseId: '%SRCROOT%' });
  });
});
