import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderReports } from '../../../src/index.js';
import type { RenderOptions } from '../../../src/model/renderer.js';
import type { ViewModel } from '../../../src/model/view-model.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { dayFromToday, sampleExceptionsFile } from '../../support/sample-exceptions.js';

/** A document view of the Azure sample and the options it was made with, judged with exceptions. */
export interface AcceptedDocument {
  view: ViewModel;
  options: RenderOptions;
}

async function documentOf(input: string | string[], write: (dir: string) => string): Promise<AcceptedDocument> {
  const dir = mkdtempSync(join(tmpdir(), 'cspm-accepted-'));
  try {
    const { plan, exceptions } = await renderReports(input, {
      formats: ['html'],
      combine: Array.isArray(input),
      exceptions: [write(dir)],
    });
    const document = plan.documents[0];
    if (document?.status !== 'ready' || exceptions === undefined) throw new Error('no document');
    const options: RenderOptions = { acceptedRisks: exceptions };
    return { view: buildViewModel(document.analysis, { acceptedRisks: exceptions }), options };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * samples/azure-csbp.json with the fixture's three exceptions: EXC-1 active on the Red
 * Critical VMDiskEncryption, EXC-2 expired `-expiredOffset` days ago (or in force with a
 * positive offset), EXC-3 unused.
 */
export function sampleAccepted(expiredOffset = -1, input: string | string[] = 'samples/azure-csbp.json') {
  return documentOf(input, (dir) => sampleExceptionsFile(dir, expiredOffset));
}

/** Text an exceptions file may hold that every format must show as text: markup, a formula, a long reason. */
export const hostileReason =
  '=HYPERLINK("http://evil.example","x") <script>window.__pwned = true</script> & <b>bold</b> ' +
  'the migration of the legacy platform to the new landing zone ends in the second quarter, after which '.repeat(3);

/** One exception on VMDiskEncryption whose id, owner and reason are hostile text. */
export function hostileAccepted(): Promise<AcceptedDocument> {
  return documentOf('samples/azure-csbp.json', (dir) => {
    const path = join(dir, 'exceptions.yaml');
    writeFileSync(
      path,
      [
        'exceptions:',
        '  - id: "EXC-<i>9</i>"',
        '    policy: VMDiskEncryption',
        '    accounts: ["*"]',
        `    reason: ${JSON.stringify(hostileReason)}`,
        '    owner: "@SUM(1+1)*cmd|\' /C calc\'!A0"',
        '    approvedBy: ciso@example.com',
        `    approved: "${dayFromToday(-10)}"`,
        `    expires: "${dayFromToday(10)}"`,
        '',
      ].join('\n'),
    );
    return path;
  });
}
