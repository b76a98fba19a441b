import * as publicEntry from '../../src/index.js';
import * as renderEntry from '../../src/render-entry.js';

const api = { ...publicEntry, ...renderEntry };
import { describeCampaign } from './campaign-tests.js';
import { checkInvariants, openRenderBugs, renderInvariants } from './invariant-names.js';
import { renderProperty, runCampaign } from './fuzz-cases.js';

/*
 * The seed-pinned run through the three renderers: valid generated reports, half of them
 * with hostile text, long text, edge numbers or repeated elements, rendered to HTML, PDF
 * and XLSX, each read back by a real consumer (parse5, pdf.js, exceljs) and compared with
 * a recount of the policies.
 */

describeCampaign(
  'generated reports: HTML, PDF and XLSX (pinned seed, 20 cases)',
  () => runCampaign(renderProperty(api), { seed: 20_261_123, runs: 20, shrink: false }),
  [...checkInvariants, ...renderInvariants],
  openRenderBugs,
);
