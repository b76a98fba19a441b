import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The native sarif-multitool of this platform, from the devDependency @microsoft/sarif-multitool. */
const multitool = join(
  dirname(require.resolve(`@microsoft/sarif-multitool-${process.platform}/package.json`)),
  'Sarif.Multitool',
);

/** The policy that turns on GitHub's ingestion rules (GH1001–GH1007) as errors. */
const githubPolicy = fileURLToPath(new URL('../fixtures/sarif/github-ingestion.config.xml', import.meta.url));

/**
 * The .NET runtime's settings for a validation: on a log of 1,000 results the tool spent
 * half of its CPU time collecting garbage in a young generation of the default size and
 * on a background thread, and on tiered profiling. Measured on 2 cores: 13 CPU-seconds
 * with the defaults, 7 with these; a small log's run costs the same. What the tool
 * checks and reports is the same.
 */
const runtimeSettings = {
  // A 64 MB young generation (hexadecimal), collected on the tool's own thread.
  DOTNET_GCgen0size: '0x4000000',
  DOTNET_gcConcurrent: '0',
  DOTNET_TieredPGO: '0',
};

/** One problem sarif-multitool reports in a log. */
export interface MultitoolProblem {
  ruleId: string;
  level: string;
  /** The message id and its arguments, which say where. */
  text: string;
}

interface ValidationLog {
  runs: {
    results?: {
      ruleId: string;
      level?: string;
      message: { id?: string; text?: string; arguments?: string[] };
      locations?: { physicalLocation?: { artifactLocation?: { uri?: string } } }[];
    }[];
  }[];
}

/**
 * What sarif-multitool's `validate` says of each of `logs` (SARIF texts by a name of the
 * caller's, a plain file name) at level error or warning, with GitHub's ingestion rules
 * (GH1001–GH1007) and the SARIF rules on: for each name, an empty list when GitHub code
 * scanning would take that log as it is. The logs are written to a folder of their own
 * in `dir` and validated by one run of the tool: its start-up (the .NET runtime) costs
 * seconds, far more than validating a log.
 */
export function multitoolProblemsOf(logs: Record<string, string>, dir: string): Record<string, MultitoolProblem[]> {
  const inputs = join(dir, 'multitool-inputs');
  rmSync(inputs, { recursive: true, force: true });
  mkdirSync(inputs);
  const byPath = new Map<string, MultitoolProblem[]>();
  const problems: Record<string, MultitoolProblem[]> = {};
  for (const [name, text] of Object.entries(logs)) {
    if (!/^[\w.-]+$/.test(name)) throw new Error(`a log's name must be a plain file name, not ${name}`);
    const path = join(inputs, `${name}.sarif`);
    writeFileSync(path, text);
    problems[name] = [];
    byPath.set(path, problems[name]);
  }
  const output = join(dir, 'multitool-result.sarif');
  // The tool will not write over an output unless told in a form this version refuses.
  rmSync(output, { force: true });
  const run = spawnSync(
    multitool,
    [
      'validate',
      '-c',
      githubPolicy,
      '--rule-kind',
      'Gh;Sarif',
      '--level',
      'Error;Warning',
      '-o',
      output,
      ...byPath.keys(),
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1', ...runtimeSettings },
    },
  );
  if (run.status !== 0)
    throw new Error(`sarif-multitool exited with ${String(run.status)}: ${run.stdout}${run.stderr}`);
  const scanned = /Done\. (\d+) files? scanned\./.exec(run.stdout);
  if (Number(scanned?.[1]) !== byPath.size)
    throw new Error(`sarif-multitool scanned ${scanned?.[1] ?? 'no'} files of ${byPath.size}: ${run.stdout}`);
  const log = JSON.parse(readFileSync(output, 'utf8')) as ValidationLog;
  for (const result of log.runs[0]?.results ?? []) {
    const uri = result.locations?.[0]?.physicalLocation?.artifactLocation?.uri;
    const found = uri === undefined ? undefined : byPath.get(fileURLToPath(uri));
    if (found === undefined)
      throw new Error(`sarif-multitool reported ${result.ruleId} of no log it was given: ${String(uri)}`);
    found.push({
      ruleId: result.ruleId,
      level: result.level ?? 'warning',
      text: result.message.text ?? `${result.message.id ?? ''} ${(result.message.arguments ?? []).join(', ')}`,
    });
  }
  return problems;
}

/**
 * What sarif-multitool's `validate` says of `sarif` at level error or warning, with
 * GitHub's ingestion rules (GH1001–GH1007) and the SARIF rules on: an empty list when
 * GitHub code scanning would take the log as it is. Run on a copy in `dir`. A file with
 * several logs to check gives them all to {@link multitoolProblemsOf} at once.
 */
export function multitoolProblems(sarif: string, dir: string): MultitoolProblem[] {
  return multitoolProblemsOf({ checked: sarif }, dir)['checked']!;
}
