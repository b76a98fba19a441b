import type { InputReader } from './readers/input-reader.js';
import { asffReader } from './readers/asff.js';
import { cspmOcsfReader } from './readers/cspm-ocsf.js';
import { hdfReader } from './readers/hdf.js';
import { prowlerOcsfReader } from './readers/prowler-ocsf.js';
import { securityHubOcsfReader } from './readers/security-hub-ocsf.js';
import { serviceReportReader } from './readers/service-reports.js';

/**
 * Every input format by its name (`--from NAME`), in the order the loader asks them
 * whether a document is theirs (see readDocument): a new format is a reader in readers/
 * and a line here, before the service's own, which reads any JSON and so comes last.
 */
export const inputReaders = {
  'prowler-ocsf': prowlerOcsfReader,
  'security-hub-ocsf': securityHubOcsfReader,
  'cspm-ocsf': cspmOcsfReader,
  asff: asffReader,
  hdf: hdfReader,
  cspm: serviceReportReader,
} as const satisfies Record<string, InputReader>;

/** The name of an input format (`--from`). */
export type InputFormat = keyof typeof inputReaders;
