import { Ajv } from 'ajv';

/**
 * GitLab's Code Quality report as its documentation states it ("Code Quality report
 * format" under the CI/CD testing docs, a subset of the Code Climate spec): a JSON array of
 * issues, each with a `description`, a `check_name`, a `fingerprint`, a `severity` of
 * `info`, `minor`, `major`, `critical` or `blocker`, a `location.path` and a
 * `location.lines.begin` (or `location.positions.begin.line`, which this tool does not
 * write). The path is relative to the repository root; GitLab cannot place an absolute
 * one, so the schema refuses those, and a path with `\` separators.
 */
export const codeQualitySchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['description', 'check_name', 'fingerprint', 'severity', 'location'],
    properties: {
      description: { type: 'string', minLength: 1, pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$' },
      check_name: { type: 'string', minLength: 1 },
      fingerprint: { type: 'string', minLength: 1 },
      severity: { enum: ['info', 'minor', 'major', 'critical', 'blocker'] },
      location: {
        type: 'object',
        required: ['path', 'lines'],
        properties: {
          path: { type: 'string', minLength: 1, not: { pattern: '^(/|[A-Za-z]:)|\\\\' } },
          lines: { type: 'object', required: ['begin'], properties: { begin: { type: 'integer', minimum: 1 } } },
        },
      },
    },
  },
} as const;

const validate = new Ajv({ allErrors: true, strict: true }).compile(codeQualitySchema);

/** The schema's complaints about a parsed Code Quality report, as text; empty when it is valid. */
export function codeQualityErrors(report: unknown): string[] {
  if (validate(report)) return [];
  return (validate.errors ?? []).slice(0, 20).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}
