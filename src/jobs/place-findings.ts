import { findingRegions } from '../load/finding-regions.js';
import type { Analysis } from '../model/analysis.js';
import type { LoadedDocument } from '../model/document.js';

/**
 * Gives each source with findings the places of its findings in its text (see
 * AnalysedSource.regions), for the formats that point at a line: SARIF, GitLab Code
 * Quality, GitHub annotations. Only those sources are walked, after the analysis, so a
 * report without findings costs nothing more; a file's text is read again rather than
 * kept through the run, as a run over thousands of files could not hold them all.
 *
 * @param documents the loaded documents, in the order of the analysis's sources
 */
export function placeFindings(analysis: Analysis, documents: readonly LoadedDocument[]): Analysis {
  let placed = false;
  const sources = analysis.sources.map((source, index) => {
    const textSource = documents[index]?.source === source.source ? documents[index]?.textSource : undefined;
    if (source.findings.length === 0 || textSource === undefined) return source;
    const regions = findingRegions(textSource, source.findings, source.repeatedKeys !== undefined);
    if (regions === undefined) return source;
    placed = true;
    return { ...source, regions };
  });
  return placed ? { ...analysis, sources } : analysis;
}
