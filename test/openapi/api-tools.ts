import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll } from 'vitest';
import { bin } from '../support/bin-run.js';

/** The outcome of one run of a program. */
export interface ProgramRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The programs of the OpenAPI tools, run by this Node: each package's own entry, not a shell wrapper. */
export const tools = {
  prism: resolve('node_modules/@stoplight/prism-cli/dist/index.js'),
  redocly: resolve('node_modules/@redocly/cli/bin/cli.js'),
  spectral: resolve('node_modules/@stoplight/spectral-cli/dist/index.js'),
};

/** No telemetry, no update check: these tests never reach beyond 127.0.0.1. */
const quietTools = {
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  SCARF_ANALYTICS: 'false',
  NO_COLOR: '1',
};

/**
 * Runs a Node program to its end, killed after `timeout` ms, with only PATH and `env`
 * in its environment, so that no CSPM_ variable of the machine reaches it.
 */
export async function runProgram(
  script: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; timeout?: number } = {},
): Promise<ProgramRun> {
  const child = execFile(process.execPath, [script, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env['PATH'] ?? '', ...quietTools, ...options.env },
    timeout: options.timeout ?? 120_000,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return { code: code ?? (signal === null ? -1 : 128), stdout, stderr };
}

/** Runs the built command line (`npm test` builds it first). */
export const runCspm = (args: string[], options: { env?: Record<string, string>; cwd?: string } = {}) =>
  runProgram(resolve(bin), args, options);

/** A folder for one file's tests, removed after them. */
export function useFolder(): () => string {
  let dir: string | undefined;
  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
  return () => (dir ??= mkdtempSync(join(tmpdir(), 'cspm-openapi-')));
}

/**
 * Prints the service's OpenAPI document with `cspm-report schema openapi` into its own folder, alone: nothing beside
 * it to resolve against.
 */
export async function printDocument(folder: string): Promise<string> {
  const dir = mkdtempSync(join(folder, 'document-'));
  const path = join(dir, 'service.openapi.json');
  const printed = await runCspm(['schema', 'openapi', '-o', path]);
  if (printed.code !== 0) throw new Error(`schema openapi exited ${printed.code}: ${printed.stderr}`);
  return path;
}

/** A TCP port nothing listens on now: the kernel's pick for port 0, released at once. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** A long-running program started by {@link useServers}. */
export interface RunningServer {
  /** What it printed so far, standard output and error together. */
  log(): string;
  /** The first match of `ready` in its output. */
  ready: RegExpExecArray;
  /** Ends it and its children (SIGTERM, then SIGKILL after 5 s); waits for its exit. */
  stop(): Promise<void>;
}

/** Options of a server started by {@link useServers}. */
export interface ServerOptions {
  /** Where its standard output and error go. */
  logFile: string;
  /** What its output shows once it serves. */
  ready: RegExp;
  /** The port it listens on, on 127.0.0.1. */
  port: number;
  env?: Record<string, string>;
  /** ms allowed to become ready; 90 s by default. */
  timeout?: number;
}

/**
 * A function that starts a Node program in its own process group with its output in a
 * file (a pipe nobody reads could fill and stall it) and waits until its output matches
 * `ready` and its port accepts connections. Every program it started is stopped after
 * the calling file's tests; one that does not become ready is stopped at once.
 */
export function useServers(): (script: string, args: string[], options: ServerOptions) => Promise<RunningServer> {
  const started: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.splice(0).map(stopGroup));
  });
  return async (script, args, options) => {
    const out = openSync(options.logFile, 'w');
    const child = spawn(process.execPath, [script, ...args], {
      env: { PATH: process.env['PATH'] ?? '', ...quietTools, ...options.env },
      stdio: ['ignore', out, out],
      detached: true,
    });
    closeSync(out);
    started.push(child);
    const log = () => readFileSync(options.logFile, 'utf8');
    const stop = () => stopGroup(child);
    const deadline = Date.now() + (options.timeout ?? 90_000);
    for (;;) {
      const ready = options.ready.exec(log());
      if (ready && (await accepts(options.port))) return { log, ready, stop };
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(
          `${script} ${args.join(' ')} did not become ready (exit ${child.exitCode ?? child.signalCode}):\n${log()}`,
        );
      }
      await sleep(200);
    }
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => socket.destroy());
    socket.once('connect', () => {
      socket.end();
      done(true);
    });
    socket.once('close', () => done(false));
  });
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
