import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CspmError } from '../error/cspm-error.js';
import type { ErrorCode } from '../error/error-codes.js';
import { packageRoot } from '../package-root.js';
import type { FileAnalysisOptions, FileOutcome } from './analyse-file.js';
import type { FileReply, FileRequest, WorkerError } from './analyse-worker.js';

/** The worker's entry as built; absent in a source tree before a build, where files are analysed on the main thread. */
function workerPath(): string {
  return fileURLToPath(new URL('dist/jobs/analyse-worker.js', packageRoot));
}

function workerEntry(): string | undefined {
  const entry = workerPath();
  return existsSync(entry) ? entry : undefined;
}

/** True when files can be analysed on worker threads here. */
export function workersAvailable(): boolean {
  return workerEntry() !== undefined;
}

/** A file sent to a worker, not answered yet. */
interface Pending {
  resolve(reply: FileReply): void;
  reject(error: Error): void;
}

/**
 * Files a worker is sent at once: the one it analyses and the next, so that it starts
 * the next as soon as it is done rather than when the main thread, on a busy machine,
 * gets to send it. The worker still analyses one at a time (see analyse-worker.ts).
 */
export const filesInFlight = 2;

/**
 * One worker thread that analyses files one at a time, in the order sent (see
 * analyse-worker.ts). It answers each file with its outcome or the error its analysis
 * threw, rebuilt here as the same CspmError, so that a run on workers fails as a run on
 * one thread does.
 */
export class FileWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private dead: Error | undefined;

  constructor(options: FileAnalysisOptions) {
    const entry = workerEntry();
    // Callers ask workersAvailable() first: a worker that went missing since is a damaged installation.
    if (entry === undefined)
      throw new CspmError('installation-damaged', 'the file analysis worker is not built (npm run build)', {
        data: { path: workerPath() },
      });
    // No execArgv: the process's flags and preloaded modules are not the worker's business.
    this.worker = new Worker(entry, { workerData: { options }, execArgv: [] });
    this.worker.on('message', (reply: FileReply) => this.settle(reply.index, (pending) => pending.resolve(reply)));
    this.worker.on('error', (error: Error) => this.fail(error));
    this.worker.on('exit', (code) =>
      this.fail(
        new CspmError('internal', `a file analysis worker stopped (exit code ${code})`, {
          data: { what: 'file analysis worker' },
        }),
      ),
    );
  }

  /** Analyses one file on the worker. */
  async analyse(index: number, path: string, listed: boolean): Promise<FileOutcome> {
    if (this.dead) throw this.dead;
    const reply = await new Promise<FileReply>((resolve, reject) => {
      this.pending.set(index, { resolve, reject });
      this.worker.postMessage({ index, path, listed } satisfies FileRequest);
    });
    if ('error' in reply) throw rebuiltError(reply.error);
    return reply.outcome;
  }

  /** Ends the worker. */
  async close(): Promise<void> {
    this.dead ??= new CspmError('internal', 'the file analysis worker was closed', {
      data: { what: 'file analysis worker' },
    });
    await this.worker.terminate();
  }

  private settle(index: number, act: (pending: Pending) => void): void {
    const pending = this.pending.get(index);
    this.pending.delete(index);
    if (pending) act(pending);
  }

  private fail(error: Error): void {
    this.dead ??= error;
    for (const index of [...this.pending.keys()]) this.settle(index, (pending) => pending.reject(error));
  }
}

function rebuiltError(error: WorkerError): Error {
  // An uncoded error is a fault the worker's code threw (a TypeError, say): on one thread it
  // would reach the command line as that plain error, printed as an internal error, so it stays one.
  if (error.code === undefined) return new Error(error.message);
  const rebuilt = new CspmError(error.code as ErrorCode, error.detail ?? '', { data: error.data as never });
  rebuilt.message = error.message;
  return rebuilt;
}
