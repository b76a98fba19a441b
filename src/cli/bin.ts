#!/usr/bin/env node
import { runCli } from './main.js';

// exitCode, not exit(): pending writes to a pipe are flushed before the process ends.
process.exitCode = await runCli(process.argv.slice(2));
