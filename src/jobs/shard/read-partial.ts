import { CspmError } from '../../error/cspm-error.js';
import { readSmallText } from '../../load/read-small-text.js';
import { maxTextBytes } from '../../load/read-text-file.js';
import { partialVersion, type PartialResult } from '../../model/partial.js';

type Check = (value: unknown, pointer: string) => void;

/**
 * Reads a partial result (`--shard i/n -f json`) and checks its shape, so that the merge
 * never judges a run on a value it misread: any other file is a `partial-invalid` error
 * naming the file and the JSON Pointer of the first value that is wrong.
 *
 * @throws CspmError `partial-invalid`, or the reader's errors (not found, too large)
 */
export function readPartial(path: string): PartialResult {
  const text = readSmallText(path, maxTextBytes, path, 'a partial result');
  const fail = (pointer: string, why: string): never => {
    throw new CspmError('partial-invalid', `${path}: ${pointer === '' ? '(document)' : pointer}: ${why}`, { data: { file: path, pointer } });
  };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail('', `not JSON (${error instanceof Error ? error.message : String(error)}); merge takes the -f json output of check or gate --shard i/n`);
  }
  if (!isObject(value) || value['cspmReportPartial'] === undefined) {
    return fail('/cspmReportPartial', 'missing: not a partial result; merge takes the -f json output of check or gate --shard i/n');
  }
  if (value['cspmReportPartial'] !== partialVersion) fail('/cspmReportPartial', `version ${JSON.stringify(value['cspmReportPartial'])}; this cspm-report reads version ${partialVersion}`);
  const shape = object({
    shard: object({ index: integer, count: integer }),
    inputs: object({ files: integer, digest: string }),
    skipped: arrayOf(integer),
    settings: object({ command: oneOf('check', 'gate'), failOn: oneOf('error', 'warning', 'never'), severities: anyObject }),
    files: arrayOf(
      object({
        index: integer,
        source: string,
        form: oneOf('envelope', 'array', 'report', 'unparsed'),
        reportCount: integer,
        policies: integer,
        findings: arrayOf(object({ rule: string, severity: oneOf('error', 'warning'), pointer: string, message: string })),
        reports: arrayOf(
          object({
            pointer: string,
            fields: anyObject,
            figures: figures,
            redBySeverity: severities,
            amberBySeverity: severities,
            otherBySeverity: severities,
            categories: arrayOf(object({ pointer: string, fields: anyObject, figures, redBySeverity: severities, amberBySeverity: severities, otherBySeverity: severities, keptPolicies: arrayOf(pair(integer, anyObject)) })),
          }),
        ),
      }),
    ),
  });
  try {
    shape(value, '');
  } catch (error) {
    if (error instanceof ShapeError) fail(error.pointer, error.message);
    throw error;
  }
  return value as unknown as PartialResult;
}

class ShapeError extends Error {
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(message);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const string: Check = (value, pointer) => {
  if (typeof value !== 'string') throw new ShapeError(pointer, `must be a string, not ${JSON.stringify(value) ?? 'nothing'}`);
};
const integer: Check = (value, pointer) => {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new ShapeError(pointer, `must be a whole number, not ${JSON.stringify(value) ?? 'nothing'}`);
};
const anyObject: Check = (value, pointer) => {
  if (!isObject(value)) throw new ShapeError(pointer, 'must be an object');
};
const number: Check = (value, pointer) => {
  if (typeof value !== 'number') throw new ShapeError(pointer, `must be a number, not ${JSON.stringify(value) ?? 'nothing'}`);
};

function oneOf(...values: string[]): Check {
  return (value, pointer) => {
    if (!values.includes(value as string)) throw new ShapeError(pointer, `must be ${values.join(' or ')}, not ${JSON.stringify(value) ?? 'nothing'}`);
  };
}

function object(fields: Record<string, Check>): Check {
  return (value, pointer) => {
    anyObject(value, pointer);
    for (const [key, check] of Object.entries(fields)) check((value as Record<string, unknown>)[key], `${pointer}/${key}`);
  };
}

function arrayOf(item: Check): Check {
  return (value, pointer) => {
    if (!Array.isArray(value)) throw new ShapeError(pointer, 'must be an array');
    value.forEach((entry, index) => item(entry, `${pointer}/${index}`));
  };
}

function pair(first: Check, second: Check): Check {
  return (value, pointer) => {
    if (!Array.isArray(value) || value.length !== 2) throw new ShapeError(pointer, 'must be a pair [position, policy]');
    first(value[0], `${pointer}/0`);
    second(value[1], `${pointer}/1`);
  };
}

// Resources are summed over policies: past 2^53 they are numbers, no longer exact integers.
const figures = object({ total: integer, green: integer, red: integer, amber: integer, gray: integer, other: integer, passedResources: number, totalResources: number, percent: number });
const severities = arrayOf(object({ severity: string, count: integer }));
