// Loaded with --import into a measured process: prints its peak resident memory on exit.
import { peakRssKb } from './peak-rss.js';

process.on('exit', () => {
  process.stderr.write(`\npeak-rss-kb ${peakRssKb()}\n`);
});
