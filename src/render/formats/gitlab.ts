import { gitlabFormat } from '../findings/gitlab-format.js';
import type { OutputFormatOf } from './output-format.js';

/** A GitLab Code Quality report of the findings of a run. */
export const gitlabEntry: OutputFormatOf<'findings'> = { findings: gitlabFormat };
