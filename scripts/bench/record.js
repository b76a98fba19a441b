// `npm run bench -- … --record`: each job's lines go into that job's block of
// docs/performance.md ("Measured by the bench"), dated, with the options of the run and the
// machine's CPUs and load average, so that the page shows measured runs, not figures typed
// from them. A run of some jobs leaves the other jobs' blocks as they were.
import { availableParallelism, loadavg } from 'node:os';

/** The block of `job`: its marker line (date, options, machine), its lines, its end marker. */
const blockOf = (job) =>
  new RegExp(`<!-- bench: ${job}(?:,[^>]*)? -->\\n\`\`\`text\\n[\\s\\S]*?\`\`\`\\n<!-- /bench -->`);

/**
 * `page` with the block of each job of `linesByJob` replaced by its lines, measured on `date`
 * (YYYY-MM-DD) with `options` (the bench's own, such as `--runs 5`). Throws when the page has
 * no block for one of the jobs, so that a new job cannot be measured without a place on the page.
 */
export function withBenchRecords(
  page,
  linesByJob,
  { options = [], date, cpus = availableParallelism(), load = loadavg()[0] },
) {
  let text = page;
  for (const [job, lines] of Object.entries(linesByJob)) {
    const block = blockOf(job);
    if (!block.test(text)) throw new Error(`docs/performance.md has no <!-- bench: ${job} --> block to record into`);
    const how = options.length === 0 ? '' : `, npm run bench -- ${job} ${options.join(' ')}`;
    const recorded = `<!-- bench: ${job}, ${date}${how}, ${cpus} CPUs, load average ${load.toFixed(1)} -->\n\`\`\`text\n${lines.join('\n')}\n\`\`\`\n<!-- /bench -->`;
    text = text.replace(block, () => recorded);
  }
  return text;
}
