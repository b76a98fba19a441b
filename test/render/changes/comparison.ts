import { readFileSync } from 'node:fs';
import { type Analysis, type DiffResult } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { diffAnalyses } from '../../../src/analyse/diff/diff-analyses.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import type { ViewModel } from '../../../src/model/view-model.js';

/**
 * The sample pair: 3 regressions, 2 new failures (a new Red policy, a Gray one turned Red), 2 fixes, 1 coverage
 * change, 1 removed policy.
 */
export const oldSample = 'samples/diff/azure-csbp-2024-03-11.json';
export const newSample = 'samples/diff/azure-csbp-2024-03-18.json';

/** Report text no document may run or evaluate: markup, a formula, a mustache. */
export const hostileTitle = '=HYPERLINK("http://example.invalid","<script>window.__pwned=true</script>") {{> evil}}';

/** The new sample's one report, parsed, to edit a copy of it. */
type Policy = { PolicyId: string; ShortTitle: string };
type Report = { ResourceCategories: { Policies: Policy[] }[] };

/**
 * The sample pair checked and compared, and the new side's view model with its changes.
 * With `hostile`, the first regression (RecoveryVaultSoftDelete) of the new scan has
 * `hostileTitle` as its title; it still pairs, by PolicyId.
 */
export async function comparison(hostile = false): Promise<{ news: Analysis; diff: DiffResult; view: ViewModel }> {
  const olds = await analyseInputs(oldSample);
  let news: Analysis;
  if (hostile) {
    const value = JSON.parse(readFileSync(newSample, 'utf8')) as Report[];
    for (const category of value[0]!.ResourceCategories) {
      for (const policy of category.Policies)
        if (policy.PolicyId === 'RecoveryVaultSoftDelete') policy.ShortTitle = hostileTitle;
    }
    news = await analyseInputs({ value, name: 'hostile-new.json' });
  } else {
    news = await analyseInputs(newSample);
  }
  const diff = diffAnalyses(olds, news);
  return { news, diff, view: buildViewModel(news, { diff }) };
}
