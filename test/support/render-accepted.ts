import type { DocumentFormat, RenderOptions } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { acceptedRisksOf, runExceptionsOf } from '../../src/jobs/exceptions/run-exceptions.js';
import { collectBytes, renderReport } from '../../src/render/renderers.js';
import { sampleExceptionsFile } from './sample-exceptions.js';

/**
 * One format of the bundled Azure sample rendered with its three sample exceptions
 * (EXC-1 active on the Red Critical VMDiskEncryption, EXC-2 renewed, EXC-3 unused), and
 * the same format rendered without: what an output's test reads back.
 */
export async function renderAccepted(
  format: DocumentFormat,
  dir: string,
  options: RenderOptions = {},
): Promise<{ accepted: Buffer; plain: Buffer; exceptionsPath: string }> {
  const exceptionsPath = sampleExceptionsFile(dir, 30);
  const analysis = await analyseInputs('samples/azure-csbp.json');
  const run = runExceptionsOf({ exceptions: [exceptionsPath] });
  if (run === undefined) throw new Error('no exceptions read');
  const acceptedRisks = acceptedRisksOf(analysis, run, {});
  const render = async (extra: RenderOptions): Promise<Buffer> =>
    Buffer.from(await collectBytes(await renderReport(analysis, format, { ...options, ...extra })));
  return { accepted: await render({ acceptedRisks }), plain: await render({}), exceptionsPath };
}
