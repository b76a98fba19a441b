import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { ocsfEventsOf } from './ocsf-event.js';

/** Text gathered before it is handed on as one chunk. */
const chunkLength = 1 << 20;

/**
 * Line breaks JSON.stringify leaves raw inside strings: next line, line separator and
 * paragraph separator. Readers that split lines on Unicode breaks (Python's splitlines)
 * would cut an event there, so they are escaped like any control character.
 */
const unicodeBreak = /[\u0085\u2028\u2029]/;
const unicodeBreaks = new RegExp(unicodeBreak.source, 'g');

function escapeBreak(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** One event as one line of JSON Lines. */
function eventLine(event: object): string {
  const json = JSON.stringify(event);
  return `${unicodeBreak.test(json) ? json.replace(unicodeBreaks, escapeBreak) : json}\n`;
}

async function* chunks(events: Iterable<object>): AsyncGenerator<Uint8Array> {
  let text = '';
  for (const event of events) {
    text += eventLine(event);
    if (text.length >= chunkLength) {
      yield Buffer.from(text, 'utf8');
      text = '';
    }
  }
  if (text !== '') yield Buffer.from(text, 'utf8');
}

/**
 * OCSF Compliance Finding events (class 2003) of a view as JSON Lines: one event per
 * policy of each report, one line each, streamed in chunks of about a megabyte, so that
 * 300,000 policies never make one large string. A report without a scan time is refused
 * unless `options.now` is given (see `ocsfScanOf`), before any line is made.
 */
export function renderOcsfView(view: ViewModel, options: RenderOptions): RenderedBody {
  return chunks(ocsfEventsOf(view, options));
}
