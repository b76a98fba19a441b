import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { trendAccounts, type FleetTrend } from '../../../src/index.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { getTrendRenderer, trendFormats } from '../../../src/render/trend/trend-renderers.js';
import { writeFleet } from '../../analyse/trend/fleet-scans.js';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';
import { textOf } from '../pdf/pdf-helpers.js';

const tempDir = useTempDir();

/** b drops most, a less, c improves, d has no scan in the last round. */
async function fleetIn(dir: string): Promise<FleetTrend> {
  await writeFleet(dir, [
    { id: 'acct-a', reds: [0, 2, 4] },
    { id: 'acct-b', reds: [0, 0, 8] },
    { id: 'acct-c', reds: [3, 1, 0] },
    { id: 'acct-d', reds: [0, 1, null] },
  ]);
  const outcome = await trendAccounts([dir]);
  if (outcome.status !== 'fleet') throw new Error('no fleet');
  return outcome.fleet;
}

/** The positions of `names` in `text`, which must all be there. */
function positions(text: string, names: readonly string[]): number[] {
  return names.map((name) => {
    const at = text.indexOf(name);
    expect(at, name).toBeGreaterThanOrEqual(0);
    return at;
  });
}

const rendered = async (format: string, fleet: FleetTrend): Promise<Buffer> =>
  Buffer.from(await collectBytes(await getTrendRenderer(format).renderFleet(fleet, {})));

type Node = { nodeName: string; childNodes?: Node[]; value?: string };
function* walk(node: Node): Iterable<Node> {
  yield node;
  for (const child of node.childNodes ?? []) yield* walk(child);
}

describe('fleet trend outputs', () => {
  it('every trend format renders a fleet', async () => {
    const fleet = await fleetIn(tempDir());
    for (const format of trendFormats) expect((await rendered(format, fleet)).length, format).toBeGreaterThan(0);
  });

  it('JSON: the series and both rankings, worst first', async () => {
    const fleet = await fleetIn(tempDir());
    const json = JSON.parse((await rendered('json', fleet)).toString('utf8')) as FleetTrend;
    expect(json.kind).toBe('fleet');
    expect(json.dropsSinceFirst.map((rank) => rank.accountId)).toEqual(['acct-d', 'acct-b', 'acct-a']);
    expect(json.series).toHaveLength(4);
  });

  it('HTML: the rankings worst first, the lost account named lost, no script', async () => {
    const fleet = await fleetIn(tempDir());
    const html = (await rendered('html', fleet)).toString('utf8');
    const nodes = [...walk(parse(html) as unknown as Node)];
    expect(nodes.some((node) => node.nodeName === 'script')).toBe(false);
    const first = html.slice(
      html.indexOf('Biggest drops since the first scan'),
      html.indexOf('Biggest drops since the scan before'),
    );
    const at = positions(first, ['acct-d', 'acct-b', 'acct-a']);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(first).not.toContain('acct-c');
    expect(first).toContain('lost');
  });

  it('PDF: the rankings worst first, as text', async () => {
    const fleet = await fleetIn(tempDir());
    const text = await textOf(await rendered('pdf', fleet));
    const first = text.slice(
      text.indexOf('Biggest drops since the first scan'),
      text.indexOf('Biggest drops since the scan before'),
    );
    const at = positions(first, ['acct-d', 'acct-b', 'acct-a']);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(text).toContain('Every account');
  });

  it('XLSX: a Drops sheet worst first, a row per account, a row per scan', async () => {
    const fleet = await fleetIn(tempDir());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await rendered('xlsx', fleet)) as unknown as ArrayBuffer);
    const drops = workbook.getWorksheet('Drops');
    if (!drops) throw new Error('no Drops sheet');
    const rows: unknown[][] = [];
    drops.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const firstRanking = rows.filter((row) => row[0] === 'Biggest drops since the first scan').map((row) => row[2]);
    expect(firstRanking).toEqual(['acct-d', 'acct-b', 'acct-a']);
    expect(workbook.getWorksheet('Accounts')?.actualRowCount).toBe(5);
    expect(workbook.getWorksheet('Scans')?.actualRowCount).toBe(1 + 3 + 3 + 3 + 2);
  });

  it('the command draws a fleet folder in the format asked, where it refused one before', async () => {
    const dir = tempDir();
    await fleetIn(dir);
    const json = await runInProcess(['trend', dir]);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as FleetTrend).dropsSincePrevious.map((rank) => rank.accountId)).toEqual([
      'acct-d',
      'acct-b',
      'acct-a',
    ]);
    const out = join(tempDir(), 'fleet.html');
    const html = await runInProcess(['trend', dir, '-o', out]);
    expect(html.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('Compliance trend of 4 accounts');
  });
});
