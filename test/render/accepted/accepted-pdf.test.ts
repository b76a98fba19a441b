import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../../src/index.js';
import { collectBytes } from '../../../src/render/renderers.js';
import { popplerText } from '../documents/poppler-text.js';
import { outlineOf } from '../pdf/pdf-helpers.js';
import { hasProgram } from '../../support/system-program.js';
import { hostileAccepted, hostileReason, sampleAccepted } from './accepted-view.js';

/** Page images land here for a person to look at; out/ is ignored by git. */
const screenshots = 'out/screenshots';

/** Writes the PDF's pages as PNG (60 dpi) for a person to look at. */
function pageImages(pdf: Uint8Array, name: string): void {
  mkdirSync(screenshots, { recursive: true });
  const file = join(screenshots, `${name}.pdf`);
  writeFileSync(file, pdf);
  spawnSync('pdftoppm', ['-png', '-r', '60', file, join(screenshots, name)]);
}

describe.skipIf(!hasProgram('pdftotext', 'poppler-utils'))('the Accepted risks of the PDF, read by pdftotext', () => {
  it('has an Accepted risks section naming owner, approver, reason, expiry and the expired exception', async () => {
    const { view, options } = await sampleAccepted(-1);
    const text = await popplerText(view, options);
    const [active, expired] = view.acceptedRisks?.exceptions ?? [];
    expect(text).toContain('Accepted risks');
    expect(text).toContain(
      `Exceptions judged on ${view.acceptedRisks?.judgedOn}: 1 policy accepted · 1 active · 1 expired · 1 unused.`,
    );
    expect(text).toContain(
      `EXC-2 expired on ${expired?.expires} (owner platform@example.com): it no longer applies, and VMJustInTimeAccess (Contoso Production) fails again.`,
    );
    expect(text).toContain(`${active?.expires} (90 days left)`);
    expect(text).toContain('platform@example.com; approved by ciso@example.com');
    expect(text).toContain('Accepted until the platform migration ends.');
    expect(text).toMatch(/exceptions\.yaml · SHA-256 [0-9a-f]{64} · 3 exceptions/);
    expect(text).toContain(`Compliance ${view.rollup.figures.percentText} as scanned; 1 policy accepted`);
    const outline = await outlineOf(Buffer.from(await collectBytes(await renderers.pdf.render(view, options))));
    expect(outline.map((item) => item.title)).toContain('Accepted risks');
  });

  it('marks the accepted policy beside its colour in the action list and the policy table', async () => {
    const { view, options } = await sampleAccepted(10);
    const text = await popplerText(view, options);
    const expires = view.acceptedRisks?.exceptions[0]?.expires ?? '';
    // The action list and the policy table each mark it once; its colour stays Red.
    expect(text.match(new RegExp(`Red, accepted · EXC-1, until ${expires}`, 'g'))).toHaveLength(2);
    expect(text.match(/Red, accepted · EXC-2, until \d{4}-\d\d-\d\d \(10 days left\)/g)).toHaveLength(2);
    pageImages(await collectBytes(await renderers.pdf.render(view, options)), 'pdf-accepted');
  });

  it('gives the executive tier the count, the nearest expiries and the expired one', async () => {
    const { view, options } = await sampleAccepted(-1);
    const text = await popplerText(view, { ...options, tier: 'executive' });
    expect(text).toContain('Accepted risks 1 policy accepted · 1 active · 1 expired · 1 unused');
    expect(text).toContain('EXC-2 expired on');
    expect(text).toMatch(
      /Nearest expiries: EXC-1 · \d{4}-\d\d-\d\d \(90 days left\) · VMDiskEncryption \(Contoso Production\) · owner platform@example\.com/,
    );
    pageImages(
      await collectBytes(await renderers.pdf.render(view, { ...options, tier: 'executive' })),
      'pdf-accepted-executive',
    );
  });

  it('shows hostile exception text as it is written', async () => {
    const { view, options } = await hostileAccepted();
    const text = await popplerText(view, options);
    // The reason wraps in its column: each piece of markup and the formula are there as written.
    for (const piece of ['=HYPERLINK("http://', '<b>bold</b>', 'EXC-<i>9</i>']) expect(text).toContain(piece);
    expect(hostileReason).toContain('<b>bold</b>');
    expect(text).toContain("@SUM(1+1)*cmd|' /C");
    pageImages(await collectBytes(await renderers.pdf.render(view, options)), 'pdf-accepted-hostile');
  });

  it('gives the roll-up of several reports both ways too', async () => {
    const { view, options } = await sampleAccepted(-1, ['samples/azure-csbp.json', 'samples/aws-cis.json']);
    const text = await popplerText(view, options);
    const line = `Compliance ${view.rollup.figures.percentText} as scanned; 1 policy accepted`;
    // The cover, the roll-up and the one report with an accepted policy; the other says 0.
    expect(text.split(line)).toHaveLength(3);
    expect(text).toContain(`Compliance ${view.reports[0]?.figures.percentText} as scanned; 1 policy accepted`);
    expect(text).toContain(`Compliance ${view.reports[1]?.figures.percentText} as scanned; 0 policies accepted`);
  });
});
