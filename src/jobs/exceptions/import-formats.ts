import { exceptionImporters, type ExceptionImportFormat } from '../../load/exception-imports/exception-importers.js';

/** A peer format of `exceptions import --from`, and whose file it is in a few words. */
export interface ExceptionImportFormatInfo {
  name: ExceptionImportFormat;
  description: string;
}

/**
 * Every peer format `exceptions import --from` reads, in the importers' registry's order:
 * the option's choices and help, derived from the registry.
 */
export const exceptionImportFormats: readonly ExceptionImportFormatInfo[] = (
  Object.keys(exceptionImporters) as ExceptionImportFormat[]
).map((name) => ({ name, description: exceptionImporters[name].description }));
