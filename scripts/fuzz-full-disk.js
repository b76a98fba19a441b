// The full-disk campaign of `npm run fuzz`: generated reports rendered and checked by the
// built command line onto a file system with little room left. Each output must be
// either whole (the bytes of the same run onto a roomy disk, with its exit code) or
// absent with exit 2 and one line naming it, the previous file intact, and no temporary
// file left. As root the file system is a real tmpfs, refilled before each case to
// leave a random number of bytes free; otherwise each run is a child process whose file
// size limit (ulimit -f, SIGXFSZ ignored) cuts its writes as a full disk does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';

/** Commands whose output is the same bytes on every run, so a whole file can be told from a cut one. */
const commands = [
  (input, dir) => ({ args: ['render', input, '-f', 'csv', '-o', join(dir, 'out.csv')], file: join(dir, 'out.csv') }),
  (input, dir) => ({
    args: ['render', input, '-f', 'hdf', '-o', join(dir, 'out.hdf.json')],
    file: join(dir, 'out.hdf.json'),
  }),
  (input, dir) => ({ args: ['render', input, '-f', 'html', '-o', join(dir, 'out.html')], file: join(dir, 'out.html') }),
  (input, dir) => ({ args: ['check', input, '-f', 'json', '-o', join(dir, 'out.json')], file: join(dir, 'out.json') }),
  (input, dir) => ({
    args: ['check', input, '-f', 'sarif', '-o', join(dir, 'out.sarif')],
    file: join(dir, 'out.sarif'),
  }),
];

const previousBytes = Buffer.from('the previous output\n');
const smallFileSystemKiB = 128;

function mountSmallFileSystem() {
  const dir = mkdtempSync(join(tmpdir(), 'cspm-fuzz-full-'));
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${smallFileSystemKiB}k`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (mount.status === 0) return { dir, reason: undefined };
  rmSync(dir, { recursive: true, force: true });
  return { dir: undefined, reason: (mount.stderr || mount.error?.message || 'mount failed').trim() };
}

async function runInProcess(runCli, args) {
  let stderr = '';
  const io = {
    stdout: { write: () => true },
    stderr: { write: (text) => (stderr += text) },
    stdin: Readable.from([]),
    env: {},
  };
  return { code: await runCli(args, io), stderr };
}

/** The built command line in a child whose writes fail past `bytes`, as a full disk fails them. */
function runWithFileSizeLimit(args, bytes) {
  const blocks = Math.max(0, Math.floor(bytes / 512));
  const script = `trap '' XFSZ; ulimit -f ${blocks}; exec "$0" "$@"`;
  const result = spawnSync('sh', ['-c', script, process.execPath, 'dist/cspm-report.js', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stderr: result.stderr };
}

function clear(dir) {
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
}

/** Fills the tmpfs `dir` until about `free` bytes are left. */
function leaveFree(dir, free) {
  const stats = statfsSync(dir);
  const filler = stats.bavail * stats.bsize - free;
  if (filler > 0) {
    try {
      writeFileSync(join(dir, 'filler'), Buffer.alloc(filler));
    } catch {
      // Full already: the case runs on what is left.
    }
  }
}

/** What is wrong with one outcome, or undefined when it keeps the promise. */
function brokenPromise(outcome, expected, { file, previous, dir }) {
  const temporary = readdirSync(dir).filter((name) => name.endsWith('.tmp'));
  if (temporary.length > 0) return `temporary file left: ${temporary.join(', ')}`;
  const written = existsSync(file) ? readFileSync(file) : undefined;
  if (
    outcome.code === 2 &&
    /^cspm-report: cannot write output: .+\n$/.test(outcome.stderr) &&
    outcome.stderr.includes(file)
  ) {
    if (previous ? written?.equals(previousBytes) !== true : written !== undefined)
      return `exit 2, but the previous file was not kept as it was (${written?.length ?? 'no'} bytes)`;
    return undefined;
  }
  if (outcome.code !== expected.code)
    return `exit ${outcome.code} (${outcome.stderr.trim()}), expected ${expected.code} or 2 with one line naming ${file}`;
  if (written === undefined || !written.equals(expected.bytes))
    return `exit ${outcome.code}, but ${file} holds ${written?.length ?? 'no'} bytes of the ${expected.bytes.length} of a whole output`;
  return undefined;
}

/**
 * Runs `count` cases and returns the broken ones, each with the seed and index to replay it.
 * `renderCase` is the property suite's arbitrary of renderable report texts.
 */
export async function runFullDiskCampaign({ renderCase, seed, count, log }) {
  const { runCli } = await import(pathToFileURL('dist/cli/main.js').href);
  const work = mkdtempSync(join(tmpdir(), 'cspm-fuzz-work-'));
  const small = mountSmallFileSystem();
  const limited = small.dir === undefined ? mkdtempSync(join(tmpdir(), 'cspm-fuzz-limited-')) : undefined;
  log(
    small.dir === undefined
      ? `  no tmpfs (${small.reason}): writes cut by a file size limit instead\n`
      : `  onto a ${smallFileSystemKiB} KiB tmpfs\n`,
  );
  const failures = [];
  let cut = 0;
  try {
    const arbitrary = fc.record({
      text: renderCase,
      command: fc.nat(commands.length - 1),
      free: fc.nat(96 * 1024),
      previous: fc.boolean(),
    });
    const samples = fc.sample(arbitrary, { seed, numRuns: count });
    for (const [index, sample] of samples.entries()) {
      const input = join(work, 'report.json');
      writeFileSync(input, sample.text);
      const roomy = join(work, 'out');
      rmSync(roomy, { recursive: true, force: true });
      const reference = commands[sample.command](input, roomy);
      const referenceRun = await runInProcess(runCli, reference.args);
      const expected = {
        code: referenceRun.code,
        bytes: existsSync(reference.file) ? readFileSync(reference.file) : Buffer.alloc(0),
      };
      if (!existsSync(reference.file)) continue;
      const dir = small.dir ?? limited;
      clear(dir);
      const target = commands[sample.command](input, dir);
      if (sample.previous) writeFileSync(target.file, previousBytes);
      let outcome;
      if (small.dir !== undefined) {
        leaveFree(dir, sample.free);
        outcome = await runInProcess(runCli, target.args);
      } else {
        outcome = runWithFileSizeLimit(target.args, sample.free);
      }
      if (outcome.code === 2) cut += 1;
      const broken = brokenPromise(outcome, expected, { ...target, previous: sample.previous, dir });
      if (broken !== undefined)
        failures.push({
          index,
          command: [target.args[0], ...target.args.slice(2, 4)].join(' '),
          free: sample.free,
          message: broken,
        });
    }
  } finally {
    if (small.dir !== undefined) spawnSync('umount', [small.dir]);
    for (const dir of [work, small.dir, limited]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
  return { failures, cut };
}
