import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTableFile } from '../../src/jobs/render-table-file.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** Every byte of a body, read to its end. */
async function read(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('renderTableFile returns what it wrote', () => {
  it('ends with no byte and "nothing written" (exit code 1) when no input had a report, without throwing', async () => {
    const input = join(tempDir(), 'not-a-report.json');
    writeFileSync(input, '{"hello": "world"}');
    const run = renderTableFile([input], 'policies', {});
    expect((await read(run.body)).length).toBe(0);
    const result = run.result();
    expect(result.written).toBe(false);
    expect(result.verdict).toMatchObject({
      status: 'fail',
      exitCode: 1,
      reasons: ['no input had a benchmark report to write'],
    });
    expect(result.summary.reports).toBe(0);
  });

  it('is a Parquet file of every report otherwise, and passes', async () => {
    const run = renderTableFile(['samples/aws-cis.json'], 'figures', {});
    const bytes = await read(run.body);
    expect([bytes.subarray(0, 4).toString('latin1'), bytes.subarray(-4).toString('latin1')]).toEqual(['PAR1', 'PAR1']);
    expect(run.result()).toMatchObject({
      written: true,
      summary: { files: 1, reports: 1 },
      repeated: [],
      verdict: { exitCode: 0 },
    });
  });
});
