import { junitFormat } from '../findings/junit-format.js';
import type { OutputFormatOf } from './output-format.js';

/** JUnit XML: the findings of a run as test results, for CI test reports. */
export const junitEntry: OutputFormatOf<'findings'> = { findings: junitFormat };
