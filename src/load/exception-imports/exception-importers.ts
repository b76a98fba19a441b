import type { ExceptionImporter } from './exception-importer.js';
import { inspecWaivers } from './inspec-waivers.js';
import { prowlerMutelist } from './prowler-mutelist.js';
import { trivyIgnore } from './trivy-ignore.js';

/**
 * Every peer format `exceptions import --from` reads, by the name it takes: a new one is
 * a file beside this one and a line here.
 */
export const exceptionImporters = {
  'prowler-mutelist': prowlerMutelist,
  'trivy-ignore': trivyIgnore,
  'inspec-waivers': inspecWaivers,
} as const satisfies Record<string, ExceptionImporter>;

/** The name of a peer format of `exceptions import --from`. */
export type ExceptionImportFormat = keyof typeof exceptionImporters;
