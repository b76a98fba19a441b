import type { RenderedBody } from '../../model/renderer.js';

/** Bytes or text to write, or chunks that arrive one after another (a renderer's stream). */
export type OutputBody = RenderedBody | string | AsyncIterable<string | Uint8Array>;

/**
 * An output a job made for its caller to write: the job chooses what goes where and renders
 * it; the caller (the command line) only writes. The body is rendered when asked, so that a
 * run of several outputs holds one in memory at a time and writes each before the next is drawn.
 */
export interface OutputToWrite<Format extends string = string> {
  format: Format;
  /** The file to write, or standard output (`-`, see isStandardOutput). */
  path: string;
  /** Renders the body; a failure is the run's error, as a failed write is. */
  render(): Promise<OutputBody> | OutputBody;
}
