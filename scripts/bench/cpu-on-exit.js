// Loaded with --import into a measured process: writes its CPU time (user + system, every
// thread of the process: the SQL engine's too) in milliseconds to the file
// CSPM_BENCH_CPU_FILE names, on exit.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.CSPM_BENCH_CPU_FILE;
  if (file === undefined) return;
  const { user, system } = process.cpuUsage();
  writeFileSync(file, String(Math.round((user + system) / 1000)));
});
