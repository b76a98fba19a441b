import fc from 'fast-check';
import { InvariantError, InvariantErrors } from './invariants.js';

/** The first case that broke one invariant, shrunk, with what replays it. */
export interface InvariantFailure {
  invariant: string;
  /** Cases of the run that broke it. */
  count: number;
  message: string;
  /** The shrunk counterexample (the JSON text of the case). */
  counterexample: unknown;
  seed: number;
  /** fast-check's path of the shrunk case: `fc.assert(property, { seed, path })` replays it. */
  path: string;
}

/** The outcome of a run: how many cases, and each invariant that broke. */
export interface CampaignResult {
  runs: number;
  seed: number;
  failures: InvariantFailure[];
  milliseconds: number;
}

/** A property as a function of one generated case; it throws to fail. */
export interface CampaignProperty<T> {
  arbitrary: fc.Arbitrary<T>;
  predicate(value: T): Promise<void>;
}

function invariantsOf(error: unknown): InvariantError[] {
  if (error instanceof InvariantErrors) return error.errors;
  if (error instanceof InvariantError) return [error];
  // The property itself threw something else: the harness or a reader broke.
  const name = error instanceof Error ? error.name : typeof error;
  return [
    new InvariantError(`unexpected ${name}`, error instanceof Error ? (error.stack ?? error.message) : String(error)),
  ];
}

/**
 * Runs `runs` cases of a property and carries on past failures, counting them by
 * invariant; then replays the run once per broken invariant so that fast-check shrinks
 * the first case that broke it. One run thus reports every distinct failure, not only
 * the first, each with its own minimal case.
 */
export async function runCampaign<T>(
  property: CampaignProperty<T>,
  options: {
    seed: number;
    runs: number;
    shrink: boolean;
    shrinkMilliseconds?: number;
    onProgress?: (done: number) => void;
  },
): Promise<CampaignResult> {
  const started = performance.now();
  const firsts = new Map<string, InvariantFailure>();
  let done = 0;
  const survey = fc.asyncProperty(property.arbitrary, async (value) => {
    try {
      await property.predicate(value);
    } catch (error) {
      for (const broken of invariantsOf(error)) {
        const first = firsts.get(broken.invariant);
        if (first) first.count += 1;
        // Unshrunk, the case replays by its index: fc.assert(property, { seed, path: "index" }).
        else
          firsts.set(broken.invariant, {
            invariant: broken.invariant,
            count: 1,
            message: broken.message,
            counterexample: value,
            seed: options.seed,
            path: String(done),
          });
      }
    }
    done += 1;
    // After every case: the caller picks its own step (fuzz.js: every 10,000, every 200 renders).
    options.onProgress?.(done);
  });
  await fc.check(survey, { seed: options.seed, numRuns: options.runs });
  const failures = [...firsts.values()];
  if (!options.shrink)
    return { runs: options.runs, seed: options.seed, failures, milliseconds: performance.now() - started };
  for (const failure of failures) {
    const target = fc.asyncProperty(property.arbitrary, async (value) => {
      try {
        await property.predicate(value);
      } catch (error) {
        const broken = invariantsOf(error).find((item) => item.invariant === failure.invariant);
        if (broken) throw broken;
      }
    });
    // A time limit, if any, stops shrinking with the smallest case found so far.
    const limit =
      options.shrinkMilliseconds === undefined
        ? {}
        : { interruptAfterTimeLimit: options.shrinkMilliseconds, markInterruptAsFailure: false };
    const details = await fc.check(target, { seed: options.seed, numRuns: options.runs, ...limit });
    if (details.failed && details.counterexample) {
      failure.counterexample = details.counterexample[0];
      failure.message =
        details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      failure.path = details.counterexamplePath ?? failure.path;
    }
  }
  return { runs: options.runs, seed: options.seed, failures, milliseconds: performance.now() - started };
}
