import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignResult, InvariantFailure } from './campaign.js';

/** How a broken invariant reads in a test failure: the message, the count and the case that replays it. */
function describeFailure(failure: InvariantFailure, runs: number): string {
  const text =
    typeof failure.counterexample === 'string' ? failure.counterexample : JSON.stringify(failure.counterexample);
  const shown = text.length > 3_000 ? `${text.slice(0, 3_000)}… (${text.length} characters)` : text;
  return `${failure.message}\n${failure.count} of ${runs} cases; replay with seed ${failure.seed}, path "${failure.path}"; first case:\n${shown}`;
}

/**
 * One test per invariant over one pinned run of a property: the run happens once, and
 * each invariant it broke fails its own test with the case that broke it. Invariants
 * listed in `openBugs` break on today's code for a bug not fixed yet: their tests are
 * expected to fail (and will flag when the bug is fixed, so that they can move back).
 */
export function describeCampaign(
  title: string,
  run: () => Promise<CampaignResult>,
  invariants: readonly string[],
  openBugs: Readonly<Record<string, string>> = {},
): void {
  describe(title, () => {
    let result: CampaignResult | undefined;
    beforeAll(async () => {
      result = await run();
    }, 240_000);

    for (const invariant of invariants) {
      const test = invariant in openBugs ? it.fails : it;
      test(invariant, () => {
        const failure = result?.failures.find((item) => item.invariant === invariant);
        expect(result, 'the run completed').toBeDefined();
        expect(failure === undefined, failure ? describeFailure(failure, result!.runs) : '').toBe(true);
      });
    }

    it('breaks no invariant outside the list (nor throws in the harness)', () => {
      const others = (result?.failures ?? []).filter((item) => !invariants.includes(item.invariant));
      expect(others.map((item) => describeFailure(item, result!.runs))).toEqual([]);
    });
  });
}
