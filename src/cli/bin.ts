#!/usr/bin/env node
// With --debug, stacks point into src/*.ts through the source maps of the build. Set
// before main.js loads: Node maps only modules loaded after it is switched on.
if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);
const { runCli } = await import('./main.js');
const { removePendingFilesOnSignals } = await import('./pending-files.js');

// A signal mid-write leaves no temporary file behind (exit 130 or 143).
removePendingFilesOnSignals((code) => process.exit(code));
// exitCode, not exit(): pending writes to a pipe are flushed before the process ends.
process.exitCode = await runCli(process.argv.slice(2));
