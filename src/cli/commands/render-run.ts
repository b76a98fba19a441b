export type { RenderArgs } from '../render-options.js';
import {
  type Analysis,
  type DocumentOutput,
  type DocumentPlan,
  type PlannedDocument,
  type ProgressListener,
  renderReports,
} from '../../index.js';
import { exceptionNotes, plural, terminalText } from '../../internal.js';
import { checkOptionsOf } from '../analysis-options.js';
import type { CliIo } from '../cli-io.js';
import { chosenFormats, renderOptions, renderOutputs, type RenderArgs } from '../render-options.js';
import { assertSafeOutputs } from '../../index.js';
import { refuseLinksOfAll } from '../output-links.js';
import { assertNoBinaryOnTerminal } from '../terminal-guard.js';
import { directoryInputs, outputPath } from '../output-paths.js';
import { inputFiles, toReportInputs } from '../report-inputs.js';
import { isStandardOutput, writeOutput } from '../write-output.js';
import { exceptionsOptionsOf } from '../exceptions-options.js';
import { runRenderDataset, writesDataset } from './render-dataset-run.js';
import { runRenderTableFile, writesTableFile } from './render-table-run.js';
import { sourcesName } from '../sources-name.js';
import { type StatusWriter, statusWriter } from '../status-line.js';

/** A document of the plan with the files it becomes. */
interface Job {
  document: PlannedDocument;
  name: string;
  outputs: { output: DocumentOutput; path: string }[];
  /** The --out-dir the outputs are written under, below which no link is written through. */
  root: string | undefined;
}

function describeFindings(analysis: Analysis): string {
  const { errors, warnings } = analysis.summary;
  return errors + warnings === 0
    ? 'no findings'
    : `${plural(errors, 'error')}, ${plural(warnings, 'warning')} (listed in the data quality section)`;
}

/** The CLI's words for a document that is not rendered, naming its options and the command that lists the findings. */
function reasonText(document: PlannedDocument & { status: 'skipped' | 'refused' }): string {
  const { errors, warnings } = document.analysis.summary;
  switch (document.reason) {
    case 'no-benchmark-report':
      return `skipped, no benchmark report in it (${plural(warnings, 'warning')}; see cspm-report check)`;
    case 'no-valid-report':
      return `no valid benchmark report to render (${plural(errors, 'error')}; see cspm-report check)`;
    case 'errors-and-strict':
      return `not rendered, ${plural(errors, 'error')} and --strict (see cspm-report check)`;
  }
}

/**
 * Every document of the plan with its output paths, decided before anything is written:
 * the --output files (one document of all inputs), else one file per format beside each
 * input or under --out-dir.
 */
function placeDocuments(plan: DocumentPlan, args: RenderArgs): Job[] {
  const place = { outDir: args['out-dir'], inputDirs: directoryInputs(args.inputs) };
  const named = args.output.length > 0 ? renderOutputs(args) : undefined;
  return plan.documents.map((document) => {
    const first = document.sources[0] ?? '<stdin>';
    const outputs =
      document.status !== 'ready'
        ? []
        : named === undefined
          ? document.outputs.map((output) => ({ output, path: outputPath(first, output.extension, place) }))
          : named.map(({ format, path }) => ({
              output: document.outputs.find((output) => output.format === format) as DocumentOutput,
              path,
            }));
    return { document, name: sourcesName(document.sources), outputs, root: place.outDir };
  });
}

/** Renders and writes one document; `status` takes the "wrote" lines and the tally. */
async function runJob(
  job: Job,
  io: CliIo,
  status: StatusWriter,
  onProgress: ProgressListener | undefined,
): Promise<void> {
  for (const { output, path } of job.outputs) {
    const body = await output.render();
    // A large PDF or workbook is drawn while it is written: its rows then carry on the line.
    onProgress?.({ phase: 'writing', subject: isStandardOutput(path) ? 'standard output' : path });
    await writeOutput(path, body, io, job.root);
    if (!isStandardOutput(path)) status(`wrote ${terminalText(path)}`);
  }
  const { analysis } = job.document;
  const { reports, policies } = analysis.summary;
  status(
    `  ${terminalText(job.name)}: ${plural(reports, 'report')}, ${plural(policies, 'policy', 'policies')}, ${describeFindings(analysis)}`,
  );
}

/**
 * Runs `render`: check the inputs, plan every document and its files, refuse the run
 * before writing anything if an output would replace an input or another output,
 * then write every chosen format of every document.
 */
export async function runRender(args: RenderArgs, io: CliIo): Promise<number> {
  if (writesDataset(args)) return runRenderDataset(args, io);
  if (writesTableFile(args)) return runRenderTableFile(args, io);
  const chosen = chosenFormats(args);
  const options = renderOptions(args, io);
  // --output makes one document of everything; otherwise each input file gets its own.
  const check = checkOptionsOf(args, io);
  const { analysis, plan, verdict, exceptions } = await renderReports(toReportInputs(args.inputs, io), {
    ...check,
    ...options,
    ...exceptionsOptionsOf(args),
    formats: chosen,
    combine: args.output.length > 0,
    strict: args.strict,
  });
  const jobs = placeDocuments(plan, args);
  const planned = jobs.flatMap((job) =>
    job.outputs
      .filter((output) => !isStandardOutput(output.path))
      .map((output) => ({ path: output.path, from: job.name })),
  );
  assertSafeOutputs(planned, [...inputFiles(analysis), ...(exceptions?.files ?? []).map((file) => file.path)]);
  await refuseLinksOfAll(planned.map(({ path }) => ({ path, root: args['out-dir'] })));
  assertNoBinaryOnTerminal(
    jobs.flatMap((job) =>
      job.outputs.map(({ output, path }) => ({ path, format: output.format, mediaType: output.mediaType })),
    ),
    io,
  );
  const status = statusWriter(io, args.quiet);
  for (const job of jobs) {
    const { document } = job;
    if (document.status === 'ready') await runJob(job, io, status, check.onProgress);
    else if (document.status === 'skipped') status(`  ${terminalText(job.name)}: ${reasonText(document)}`);
    else io.stderr.write(`cspm-report: ${terminalText(job.name)}: ${reasonText(document)}\n`);
  }
  // Told whatever --quiet says: an expired exception is a failing policy someone must renew or fix.
  for (const note of exceptionNotes(exceptions)) io.stderr.write(`cspm-report: warning: ${terminalText(note)}\n`);
  return verdict.exitCode;
}
