/** A target of `fetch`, and how messages name it: the fetch job's, for the CLI's files. */
export { allBenchmarks } from '../../index.js';
export type { FetchTarget } from '../../index.js';
export { describeTarget } from '../../internal.js';
