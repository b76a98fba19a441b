/*
 * The entry of a worker thread of a run over many files (see FileWorkers): it analyses
 * the files it is sent, one at a time, and answers each with its outcome or its error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isCspmError } from '../error/cspm-error.js';
import { analyseFile, type FileAnalysisOptions, type FileOutcome } from './analyse-file.js';

/** A file for the worker: its position in the run and the path. */
export interface FileRequest {
  index: number;
  path: string;
  listed: boolean;
}

/** An error as it crosses to the main thread: a CspmError's code, message and data, or another's message. */
export interface WorkerError {
  code?: string;
  message: string;
  /** A CspmError's detail (its message without the code's summary). */
  detail?: string;
  data?: unknown;
}

/** The worker's answer to a {@link FileRequest}. */
export type FileReply = { index: number; outcome: FileOutcome } | { index: number; error: WorkerError };

const options = (workerData as { options: FileAnalysisOptions }).options;
const port = parentPort;
/**
 * The files are analysed one after another, in the order they came: the main thread
 * sends the next before this one is done (see FileWorker), so that no file waits for
 * it to be scheduled, and only one file's text and tree are held at a time.
 */
let queue = Promise.resolve();
port?.on('message', (request: FileRequest) => {
  queue = queue.then(() =>
    analyseFile({ path: request.path, listed: request.listed }, options).then(
      (outcome) => port.postMessage({ index: request.index, outcome } satisfies FileReply),
      (error: unknown) => port.postMessage({ index: request.index, error: asWorkerError(error) } satisfies FileReply),
    ),
  );
});

function asWorkerError(error: unknown): WorkerError {
  if (isCspmError(error)) return { code: error.code, message: error.message, detail: error.detail, data: error.data };
  return { message: error instanceof Error ? error.message : String(error) };
}
