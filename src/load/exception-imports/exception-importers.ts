import type { ExceptionImporter } from './exception-importer.js';
import { inspecWaivers } from './inspec-waivers.js';
import { prowlerMutelist } from './prowler-mutelist.js';
import { trivyIgnore } from './trivy-ignore.js';

/**
 * The name of a peer format of `exceptions import --from`. Written out so that the
 * published types name no value a program cannot import; the registry below satisfies a
 * Record of it, so that a name on one side only does not compile.
 */
export type ExceptionImportFormat = 'prowler-mutelist' | 'trivy-ignore' | 'inspec-waivers';

/**
 * Every peer format `exceptions import --from` reads, by the name it takes: a new one is
 * a file beside this one, a line here and its name in the type above.
 */
export const exceptionImporters = {
  'prowler-mutelist': prowlerMutelist,
  'trivy-ignore': trivyIgnore,
  'inspec-waivers': inspecWaivers,
} as const satisfies Record<ExceptionImportFormat, ExceptionImporter>;
