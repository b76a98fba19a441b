// `npm run bench -- … --record`: the lines a run printed go into docs/performance.md, in
// the block "The last run of npm run bench", dated, with the jobs run and the machine's
// CPUs and load average, so that the page shows a measured run, not figures typed from one.
import { availableParallelism, loadavg } from 'node:os';

const block = /<!-- measured: npm run bench -- [^>]*-->\n```text\n[\s\S]*?```\n<!-- \/measured -->/;

/**
 * `page` with its last-run block replaced by `lines`, measured on `date` (YYYY-MM-DD) by
 * the `jobs` named (every job when none is). Throws when the page has no such block.
 */
export function withBenchRun(page, lines, { jobs, date, cpus = availableParallelism(), load = loadavg()[0] }) {
  if (!block.test(page)) throw new Error('docs/performance.md has no <!-- measured: npm run bench … --> block to record into');
  const what = jobs.length === 0 ? 'every job' : jobs.join(' ');
  const text = `<!-- measured: npm run bench -- ${what}, ${date}, ${cpus} CPUs, load average ${load.toFixed(1)} -->\n\`\`\`text\n${lines.join('\n')}\n\`\`\`\n<!-- /measured -->`;
  return page.replace(block, () => text);
}
