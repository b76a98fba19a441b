import { githubFormat } from '../findings/github-format.js';
import type { OutputFormatOf } from './output-format.js';

/** GitHub Actions annotations of the findings of a run, with a step summary. */
export const githubEntry: OutputFormatOf<'findings'> = { findings: githubFormat };
