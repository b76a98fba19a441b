import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { type Trend } from '../../../src/index.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { getTrendRenderer } from '../../../src/render/trend/trend-renderers.js';
import { trendScans } from '../../../src/jobs/trend-scans.js';
import { writeScans } from '../../analyse/trend/scan-series.js';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';
import { textOf } from '../pdf/pdf-helpers.js';

const tempDir = useTempDir();

async function series(count = 8): Promise<{ dir: string; trend: Trend }> {
  const dir = tempDir();
  await writeScans(dir, count);
  const outcome = await trendScans([dir]);
  if (outcome.status !== 'ok') throw new Error('the series did not check');
  return { dir, trend: outcome.trend };
}

type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] };
function* walk(node: Node): Iterable<Node> {
  yield node;
  for (const child of node.childNodes ?? []) yield* walk(child);
}

describe('trend outputs', () => {
  it('HTML: one SVG path per series, no script, report text escaped', async () => {
    const { trend } = await series();
    trend.categories[0] = { id: 'x', name: '<script>alert(1)</script>' };
    const html = Buffer.from(await collectBytes(await getTrendRenderer('html').render(trend, {}))).toString('utf8');
    const nodes = [...walk(parse(html) as unknown as Node)];
    const groups = nodes.filter(
      (node) => node.nodeName === 'g' && node.attrs?.some((attr) => attr.name === 'data-series'),
    );
    expect(groups.length).toBe(trend.categories.length + 1);
    for (const group of groups) expect(group.childNodes?.some((child) => child.nodeName === 'path')).toBe(true);
    expect(nodes.some((node) => node.nodeName === 'script')).toBe(false);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(trend.scans[0]?.scanDate?.slice(0, 10));
  });

  it('XLSX: a row per scan with a column per category, text never a formula', async () => {
    const { trend } = await series();
    trend.scans[0] = { ...(trend.scans[0] as Trend['scans'][0]), jobId: '=HYPERLINK("http://example.com")' };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await collectBytes(await getTrendRenderer('xlsx').render(trend, {}))) as unknown as ArrayBuffer,
    );
    const scans = workbook.getWorksheet('Scans');
    if (!scans) throw new Error('no Scans sheet');
    let header = 0;
    scans.eachRow((row, number) => {
      if (header === 0 && row.getCell(1).value === 'Scan date') header = number;
    });
    expect(header).toBeGreaterThan(0);
    const headers = (scans.getRow(header).values as unknown[]).slice(1);
    expect(headers.slice(0, 3)).toEqual(['Scan date', 'JobId', 'Compliance %']);
    expect(headers).toContain(`${trend.categories[0]?.name} %`);
    expect(scans.getRow(header + 1).getCell(2).value).toBe('=HYPERLINK("http://example.com")');
    expect(scans.getRow(header + 1).getCell(3).value).toBeCloseTo((trend.scans[0]?.figures.percent ?? 0) / 100, 6);
    expect(scans.getRow(header + trend.scans.length).getCell(2).value).toBe(trend.scans.at(-1)?.jobId);
    expect(workbook.getWorksheet('Policies')).toBeDefined();
  });

  it('PDF: the chart axis, the scans and the policies as text', async () => {
    const { trend } = await series();
    const text = await textOf(Buffer.from(await collectBytes(await getTrendRenderer('pdf').render(trend, {}))));
    expect(text).toContain('Compliance over time');
    expect(text).toContain('Scan (LastScannedDate)');
    expect(text).toContain(trend.scans.at(-1)?.jobId);
    expect(text).toContain('Policies Red for the longest run of scans');
  });

  it('the command writes json by default, a file with -o, and exits 1 on an input that does not check', async () => {
    const { dir } = await series(3);
    const json = await runInProcess(['trend', dir]);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as Trend).scans.length).toBe(3);
    const one = await runInProcess(['trend', `${dir}/nothing.json`]);
    expect(one.code).toBe(2);
    const bad = tempDir();
    const [first, second] = await writeScans(bad, 2);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(second as string, '[]');
    const refused = await runInProcess(['trend', first as string, second as string]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(second);
  });
});

describe('trend never writes over a scan it read', () => {
  it('refuses an output that is a file of a directory input, and writes nothing', async () => {
    const dir = tempDir();
    cpSync('samples/diff', dir, { recursive: true });
    const target = join(dir, 'azure-csbp-2024-03-11.json');
    const before = readFileSync(target, 'utf8');
    const result = await runInProcess(['trend', dir, '-o', target]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('output would overwrite an input');
    expect(readFileSync(target, 'utf8')).toBe(before);
  });
});
