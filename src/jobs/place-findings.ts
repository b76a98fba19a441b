import type { AnalysedSource, Analysis } from '../model/analysis.js';
import type { LoadedDocument, TextSource } from '../model/document.js';

/**
 * Gives each source with findings the places of its findings in its text (see
 * AnalysedSource.regions), for the formats that point at a line: SARIF, GitLab Code
 * Quality, GitHub annotations. Only those sources are walked, after the analysis, so a
 * report without findings costs nothing more, not even loading the walker (jsonc-parser);
 * a file's text is read again rather than kept through the run, as a run over thousands
 * of files could not hold them all.
 *
 * @param documents the loaded documents, in the order of the analysis's sources, or
 *        where each source's text can be had again (undefined where it cannot)
 */
export async function placeFindings(
  analysis: Analysis,
  documents: readonly LoadedDocument[] | readonly (TextSource | undefined)[],
): Promise<Analysis> {
  const textOf = (index: number): TextSource | undefined => {
    const document = documents[index];
    if (document === undefined || !('source' in document)) return document;
    return document.source === analysis.sources[index]?.source ? document.textSource : undefined;
  };
  if (
    !analysis.sources.some(
      (source, index) => source.findings.length > 0 && textOf(index) !== undefined && !placedAlready(source),
    )
  )
    return analysis;
  const { findingRegions } = await import('../load/finding-regions.js');
  const sources = analysis.sources.map((source, index) => {
    const textSource = textOf(index);
    if (source.findings.length === 0 || textSource === undefined || placedAlready(source)) return source;
    const regions = findingRegions(textSource, source.findings, source.repeatedKeys !== undefined);
    return regions === undefined ? source : { ...source, regions };
  });
  return { ...analysis, sources };
}

/**
 * True when every finding of the source has its place already: placed where the file
 * was analysed (a shard of a sharded run), with no finding added since.
 */
function placedAlready(source: AnalysedSource): boolean {
  const regions = source.regions;
  return regions !== undefined && source.findings.every((finding) => regions.has(finding.pointer));
}
