import type { FleetAccount, FleetFigures } from '../../model/fleet.js';
import type { RenderOptions } from '../../model/renderer.js';
import { showControlCharacters } from '../../text/show-control-characters.js';
import { fileName } from '../build-view-model.js';
import { contentSecurityPolicy } from '../html/content-security.js';
import { scriptJson } from '../html/script-json.js';
import { inlineText, renderPartialPage, templateFailure, templateSet } from '../html/template-set.js';
import { FleetPageData } from './fleet-page-data.js';
import { accountsByName, fleetPageView, indexPageSize } from './fleet-page-view.js';
import { planFleet } from './fleet-plan.js';

export { indexPageSize } from './fleet-page-view.js';

/** Accounts of the script's data per chunk of the stream. */
const rowsPerChunk = 250;

/**
 * Where the page's template puts the script's data (`{{{@fleetData}}}`): a comment, which
 * no escaped value can hold (`<` is always escaped), so the page is cut only there.
 */
const dataMarker = '<!--fleet-data-->';

/** The script's data: the accounts by name, a chunk of them at a time, then the string table. */
function* dataParts(fleet: FleetFigures, byName: readonly FleetAccount[], options: RenderOptions): Generator<string> {
  const numbers = new Map<object, number>(fleet.accounts.map((account, position) => [account, position + 1]));
  const source = options.showPaths === true ? (path: string) => path : fileName;
  const data = new FleetPageData();
  yield `<script type="application/json" id="fleet-data">{"pageSize":${indexPageSize},"accounts":[`;
  for (let start = 0; start < byName.length; start += rowsPerChunk) {
    const rows = byName
      .slice(start, start + rowsPerChunk)
      .map((account) => data.row(account, numbers.get(account) as number, source(account.source)));
    yield `${start === 0 ? '' : ','}${scriptJson(rows).slice(1, -1)}`;
  }
  yield `],"strings":${scriptJson(data.table())}}</script>`;
}

function* pageParts(fleet: FleetFigures, options: RenderOptions): Generator<string> {
  const templates = templateSet(options.templates);
  const plan = planFleet(fleet, options);
  const byName = accountsByName(fleet);
  const style = inlineText(templates.texts, 'fleet-styles.css');
  const script = inlineText(templates.texts, 'fleet-page-script.js');
  const data = { csp: contentSecurityPolicy({ script, style }), style, script, fleetData: dataMarker };
  let page: string;
  try {
    page = renderPartialPage(templates, 'fleet-page', fleetPageView(fleet, plan, byName, options), data);
  } catch (error) {
    throw templateFailure(error, options);
  }
  const at = page.indexOf(dataMarker);
  // Handlebars escapes markup but passes control characters (a NUL) through; the data shows them itself (scriptJson).
  yield showControlCharacters(at === -1 ? page : page.slice(0, at), 'keep');
  if (at === -1) return;
  yield* dataParts(fleet, byName, options);
  yield showControlCharacters(page.slice(at + dataMarker.length), 'keep');
}

/**
 * Renders the fleet tier as one self-contained HTML page (templates/fleet-page.hbs),
 * written as a stream of chunks: the data of thousands of accounts is never one string,
 * so it never meets the limit of a string's length. The rankings and the index's first
 * page are markup; the rest of the index and each account's categories are JSON that
 * the page's only script (fleet-page-script.js, allowed by its hash) draws when asked
 * for, since thousands of accounts as markup cost a browser seconds before the first view.
 */
export async function renderFleetHtml(fleet: FleetFigures, options: RenderOptions): Promise<AsyncIterable<Uint8Array>> {
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const part of pageParts(fleet, options)) yield encoder.encode(part);
  }
  return chunks();
}
