import type { ViewModel } from '../../model/view-model.js';
import { exceptionsProvenance, type ExceptionsProvenance } from '../policy-acceptance.js';

/** The key of a Parquet file's key-value metadata that records the run's exceptions files. */
export const exceptionsMetadataKey = 'cspm-report.exceptions';

/** One entry of a Parquet file's key-value metadata. */
export interface KeyValue {
  key: string;
  value: string;
}

/**
 * The key-value metadata of a Parquet file of a run with exceptions: each exceptions file
 * (path, SHA-256, ids) and the ids applied, as JSON, where an engine reads a file's
 * provenance (DuckDB's `parquet_kv_metadata`, pyarrow's `schema.metadata`). Undefined
 * for a run without, whose file keeps no such key.
 */
export function exceptionsKeyValues(provenance: ExceptionsProvenance | undefined): KeyValue[] | undefined {
  if (provenance === undefined) return undefined;
  const files = provenance.files.map(({ path, sha256, ids }) => ({ path, sha256, ids }));
  return [{ key: exceptionsMetadataKey, value: JSON.stringify({ files, applied: provenance.applied }) }];
}

/** {@link exceptionsKeyValues} of a document's view. */
export function exceptionsMetadata(view: ViewModel): KeyValue[] | undefined {
  return exceptionsKeyValues(exceptionsProvenance(view));
}
