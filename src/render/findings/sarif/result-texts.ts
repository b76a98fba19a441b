/**
 * The text of a log's results, written as parts and joined into one string at the end.
 * Up to 25,000 results, each of a dozen parts: kept apart until the end, the parts
 * outlive the young generation and the garbage collector copies them over and over,
 * which cost more than writing them. So every few hundred results are joined into one
 * flat string as they come, and the parts die young.
 */
export class ResultTexts {
  private readonly chunks: string[] = [];
  /** The parts of the results not yet joined into a chunk. */
  readonly parts: string[] = [];
  private results = 0;

  /** Starts a result: the parts pushed until the next start are its text. */
  start(): void {
    if (this.results === resultsPerChunk) this.flush();
    if (this.results > 0 || this.chunks.length > 0) this.parts.push(',');
    this.results += 1;
  }

  /** Every result written, between `opening` and `closing`, as one string. */
  join(opening: string, closing: string): string {
    this.flush();
    this.chunks.unshift(opening);
    this.chunks.push(closing);
    return this.chunks.join('');
  }

  private flush(): void {
    this.chunks.push(this.parts.join(''));
    this.parts.length = 0;
    this.results = 0;
  }
}

const resultsPerChunk = 256;
