import fc from 'fast-check';
import type { CampaignProperty } from './campaign.js';
import { checkText, expectThat, type Api } from './invariants.js';
import { toJsonText } from './json-text.js';
import {
  mutatedCase,
  mutatedText,
  mutationArbitrary,
  pinnedMutationSizes,
  type Mutation,
  type MutationSizes,
} from './mutations.js';
import { checkRenders } from './render-invariants.js';
import { validDocument } from './report-arbitrary.js';

export { runCampaign, type CampaignResult, type InvariantFailure } from './campaign.js';
export { fuzzMutationSizes, pinnedMutationSizes, type MutationSizes } from './mutations.js';

/*
 * The properties, each a function of the library so that `npm test` runs them on the
 * sources and `npm run fuzz` on the built package. Every case is JSON text: the
 * counterexample fast-check prints is a ready-made reproduction.
 */

/** A valid document, written as JSON text, loads and checks with no finding at all. */
export function validCheckProperty(api: Api, sizes: MutationSizes = pinnedMutationSizes): CampaignProperty<string> {
  return {
    arbitrary: fc
      .tuple(validDocument(sizes), fc.constantFrom(0, 2))
      .map(([document, indent]) => toJsonText(document.value, indent)),
    async predicate(text) {
      const analysis = await checkText(api, text);
      const findings = analysis.sources.flatMap((source) => source.findings);
      expectThat(findings.length === 0, 'a valid report gives no finding', () =>
        findings
          .slice(0, 3)
          .map((finding) => `${finding.rule} ${finding.pointer}: ${finding.message.slice(0, 200)}`)
          .join('; '),
      );
    },
  };
}

/** Any mutation of a valid document loads and checks without a crash, and its outputs hold. */
export function mutatedCheckProperty(api: Api, sizes: MutationSizes = pinnedMutationSizes): CampaignProperty<string> {
  return {
    arbitrary: mutatedCase(sizes).map((generated) => generated.text),
    async predicate(text) {
      await checkText(api, text);
    },
  };
}

/** Mutations that keep a report renderable: its text and numbers change, its shape stays. */
function contentMutation(sizes: MutationSizes): fc.Arbitrary<Mutation> {
  const kinds = new Set([
    'hostile-string',
    'long-string',
    'edge-number',
    'overflow-sums',
    'huge-array',
    'duplicate-key',
    'prototype-key',
  ]);
  return mutationArbitrary({ ...sizes, maxArrayCopies: Math.min(sizes.maxArrayCopies, 40), veryHugeCopies: 0 }).filter(
    (mutation) => kinds.has(mutation.kind),
  );
}

/** Sizes of documents that go through the renderers: smaller, since a case renders three documents. */
export const renderSizes: MutationSizes = {
  ...pinnedMutationSizes,
  maxTextLength: 2_000,
  maxLongString: 2_000,
  maxArrayBytes: 200_000,
};

/** Valid documents, half of them with up to two edits of their content, as JSON text. */
export function renderCase(sizes: MutationSizes = renderSizes): fc.Arbitrary<string> {
  return fc
    .record({
      document: validDocument(sizes),
      mutations: fc.oneof(
        fc.constant<Mutation[]>([]),
        fc.array(contentMutation(sizes), { minLength: 1, maxLength: 2 }),
      ),
    })
    .map(({ document, mutations }) => mutatedText(document, mutations, { kind: 'none' }, 0, sizes));
}

/** Every valid report renders to HTML, PDF and XLSX that re-read and agree with the recount. */
export function renderProperty(api: Api, sizes: MutationSizes = renderSizes): CampaignProperty<string> {
  return {
    arbitrary: renderCase(sizes),
    async predicate(text) {
      await checkRenders(api, await checkText(api, text));
    },
  };
}
