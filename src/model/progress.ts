/**
 * The stages of a long run that a caller may show while it waits: the inputs read and
 * parsed, the reports checked (validated and analysed), the documents rendered, the
 * outputs written, the reports fetched from the service.
 */
export type ProgressPhase = 'reading' | 'checking' | 'rendering' | 'writing' | 'fetching';

/**
 * Where a long run is: its phase and, where it counts, how far. `total` is left out
 * where it is not known beforehand (rows of a workbook's sheets, say); a caller then
 * shows the count alone.
 */
export interface Progress {
  phase: ProgressPhase;
  /** Steps done in this phase: files, reports, rows or requests (see `unit`). */
  done?: number;
  /** Steps of the phase, when known. */
  total?: number;
  /** What a step is, plural (`files`, `rows`, `reports`). */
  unit?: string;
  /** What the phase works on: a file name, a document format. */
  subject?: string;
}

/** Told of each step of a long run; it must return at once and never throw. */
export type ProgressListener = (progress: Progress) => void;

/** The option of every job and long stage that reports its progress. */
export interface ProgressOptions {
  /**
   * Called as the work advances, often (up to once per few hundred rows): a caller that
   * draws it throttles its own redraws. Without it, nothing is reported.
   */
  onProgress?: ProgressListener;
}
