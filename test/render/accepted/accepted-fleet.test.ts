import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../../src/index.js';
import type { DocumentOutput } from '../../../src/model/renderer.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { popplerTextOfBytes } from './poppler-bytes.js';
import { sampleExceptionsFile } from '../../support/sample-exceptions.js';
import { useTempDir } from '../../support/temp-dir.js';
import { columnOf, readWorkbook, sheet } from '../xlsx/read-workbook.js';

type Node = DefaultTreeAdapterMap['node'];

const tempDir = useTempDir();

/** The fleet documents of two samples, one of them with the fixture's exceptions. */
async function fleetOutputs(expiredOffset: number): Promise<Map<string, DocumentOutput>> {
  const { plan } = await renderReports(['samples/azure-csbp.json', 'samples/aws-cis.json'], {
    formats: ['html', 'pdf', 'xlsx'],
    combine: true,
    tier: 'fleet',
    exceptions: [sampleExceptionsFile(tempDir(), expiredOffset)],
  });
  const document = plan.documents[0];
  if (document?.status !== 'ready') throw new Error('no document');
  return new Map(document.outputs.map((output) => [output.format, output]));
}

async function bytesOf(output: DocumentOutput | undefined): Promise<Buffer> {
  if (output === undefined) throw new Error('no output');
  return Buffer.from(await collectBytes(await output.render()));
}

/** The text of the element with `id` and of everything after it up to the next heading, as a parser reads it. */
function sectionText(html: string, id: string): string {
  const texts: string[] = [];
  let inside = false;
  const walk = (node: Node): void => {
    if ('tagName' in node) {
      if (node.attrs.some((attribute) => attribute.name === 'id' && attribute.value === id)) inside = true;
      else if (inside && node.tagName === 'h2') inside = false;
    }
    if (inside && node.nodeName === '#text') texts.push((node as DefaultTreeAdapterMap['textNode']).value);
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parse(html));
  return texts.join(' ').replace(/\s+/g, ' ').trim();
}

describe('the fleet tier with exceptions: accepted risks per account', () => {
  it('lists the account with its accepted policies and expired exception, in HTML, PDF and XLSX', async () => {
    const outputs = await fleetOutputs(-1);
    const html = (await bytesOf(outputs.get('html'))).toString('utf8');
    const section = sectionText(html, 'accepted');
    expect(section).toMatch(
      /^Accepted risks per account 1 policy accepted in 1 benchmark report of 2; 1 expired exception in 1 report\. /,
    );
    expect(section).toMatch(
      /1 Contoso Production e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845 Cloud Security Best Practices [\d.]+% 1 EXC-2$/,
    );

    const pdf = await popplerTextOfBytes(await bytesOf(outputs.get('pdf')));
    expect(pdf).toContain('Accepted risks per account');
    expect(pdf).toContain('1 policy accepted in 1 benchmark report of 2; 1 expired exception in 1 report.');
    expect(pdf).toMatch(
      /Contoso Production \(e17a4d2c-58b3-?4c9e-a6f1-0b92d7e3c845\) Cloud Security Best Practices .* 1 EXC-2 /,
    );

    const workbook = await readWorkbook(await bytesOf(outputs.get('xlsx')));
    const accounts = sheet(workbook, 'Accounts');
    const accepted = columnOf(accounts, 1, 'Accepted policies');
    const expired = columnOf(accounts, 1, 'Expired exceptions');
    const rows = [2, 3].map((row) => [
      accounts.getCell(row, 1).value,
      accounts.getCell(row, accepted).value,
      accounts.getCell(row, expired).value,
    ]);
    expect(rows.sort()).toEqual([
      ['Contoso Production', 1, 'EXC-2'],
      // An empty text cell reads back as nothing.
      ['Northwind Traders - prod', 0, null],
    ]);
  });

  it('counts no expired exception once it is renewed', async () => {
    const outputs = await fleetOutputs(60);
    const html = (await bytesOf(outputs.get('html'))).toString('utf8');
    expect(sectionText(html, 'accepted')).toContain(
      '2 policies accepted in 1 benchmark report of 2; no expired exception.',
    );
  });
});
