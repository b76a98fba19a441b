import type { Argv } from 'yargs';
import { optionRefusal } from './option-refusal.js';

/** The most worker threads `--jobs` takes: far past any machine's cores, short of a typo's thousands. */
export const maxJobs = 256;

/** What check and gate hold of `--jobs`. */
export interface JobsArgs {
  jobs: number | undefined;
}

/** `--jobs` as a number: a whole number from 1 to {@link maxJobs}, else a usage error before any input is read. */
function jobsOf(value: unknown): number {
  const text = Array.isArray(value) ? undefined : String(value).trim();
  const jobs = text !== undefined && /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(jobs >= 1 && jobs <= maxJobs)) {
    throw optionRefusal(
      'jobs',
      value,
      `--jobs takes a whole number of files to analyse at once, from 1 to ${maxJobs}, once, not ${Array.isArray(value) ? value.map(String).join(', ') : String(value)}`,
    );
  }
  return jobs;
}

/** Declares `--jobs`, the same way in check and gate. */
export function withJobsOption<T>(yargs: Argv<T>): Argv<T & JobsArgs> {
  return yargs.option('jobs', {
    alias: 'j',
    type: 'string',
    coerce: jobsOf,
    describe: `files analysed at once, each on a worker thread; the output is the same for any number [default: one per CPU from 16 files on, else 1]`,
  }) as unknown as Argv<T & JobsArgs>;
}
