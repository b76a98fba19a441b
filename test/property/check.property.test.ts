import * as publicEntry from '../../src/index.js';
import * as renderEntry from '../../src/render-entry.js';

const api = { ...publicEntry, ...renderEntry };
import { describeCampaign } from './campaign-tests.js';
import { checkInvariants, openCheckBugs } from './invariant-names.js';
import { mutatedCheckProperty, runCampaign, validCheckProperty } from './fuzz-cases.js';

/*
 * The seed-pinned run of the property-based suite through load and check: generated
 * reports, valid and mutated (types swapped, fields dropped, -0, 2^53 + 1, 1e308, negative
 * counts, long and hostile strings, huge and empty arrays, duplicate and prototype keys,
 * broken JSON text). `npm run fuzz` runs the same properties for long.
 */

const seed = 20_261_123;

describeCampaign(
  'valid generated reports: load and check (pinned seed, 200 cases)',
  () => runCampaign(validCheckProperty(api), { seed, runs: 200, shrink: false }),
  [...checkInvariants, 'a valid report gives no finding'],
);

describeCampaign(
  'mutated reports: load and check (pinned seed, 400 cases)',
  () => runCampaign(mutatedCheckProperty(api), { seed, runs: 400, shrink: false }),
  checkInvariants,
  openCheckBugs,
);
