// Loaded with --import into a measured process: prints its peak resident memory on exit.
process.on('exit', () => {
  process.stderr.write(`\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
