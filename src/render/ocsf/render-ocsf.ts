import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { ocsfExceptionsOf } from './ocsf-acceptance.js';
import { ocsfScanOf } from './ocsf-event.js';
import { OcsfLineWriter } from './ocsf-event-line.js';

/** Text gathered before it is handed on as one chunk. */
const chunkLength = 1 << 20;

async function* chunks(writers: readonly OcsfLineWriter[]): AsyncGenerator<Uint8Array> {
  let text = '';
  for (const writer of writers) {
    for (const category of writer.scan.report.categories) {
      for (const policy of category.policies) {
        text += writer.line(category, policy);
        if (text.length >= chunkLength) {
          yield Buffer.from(text, 'utf8');
          text = '';
        }
      }
    }
  }
  if (text !== '') yield Buffer.from(text, 'utf8');
}

/**
 * OCSF Compliance Finding events (class 2003) of a view as JSON Lines: one event per
 * policy of each report (every policy, whatever the tables list), one line each, in
 * document order, streamed in chunks of about a megabyte, so that 300,000 policies never
 * make one large string. The scans are read first: a report without a scan time is
 * refused unless `options.now` is given (see `ocsfScanOf`), before any line is made.
 */
export function renderOcsfView(view: ViewModel, options: RenderOptions): RenderedBody {
  const exceptions = ocsfExceptionsOf(view);
  return chunks(
    view.reports.map((report) => new OcsfLineWriter(ocsfScanOf(report, view.tool, options.now, exceptions))),
  );
}
