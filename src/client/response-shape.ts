import { unwrapDocument } from '../load/readers/service-reports.js';
import type { ServiceEnvelope } from './send-request.js';

/** The body as received of each envelope made for a body that had none: what the caller saves and checks. */
const receivedBodies = new WeakMap<ServiceEnvelope, unknown>();

function isEnvelope(value: unknown): value is ServiceEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Record<string, unknown>)['statusCode'] === 'number'
  );
}

/**
 * The envelope of a parsed answer, in each shape the service publishes: the envelope
 * itself (section 2.2 of the specification); the envelope wrapped in a one-item array,
 * as the service's documentation shows getSupportedBenchmarks and other answers; and,
 * on an HTTP success, any body `check` reads as holding benchmark reports, such as the
 * bare array of reports of the specification's sample. The loader's own unwrapping
 * decides the last, so that `fetch` and `check` accept the same bodies. Undefined for
 * any other shape.
 */
export function envelopeOf(value: unknown, httpStatus: number): ServiceEnvelope | undefined {
  if (isEnvelope(value)) return value;
  if (Array.isArray(value) && value.length === 1 && isEnvelope(value[0])) return value[0];
  if (httpStatus < 200 || httpStatus > 299) return undefined;
  const document = unwrapDocument('', value);
  if (document.candidates.length === 0) return undefined;
  const envelope: ServiceEnvelope = {
    result: document.form === 'envelope' ? (value as Record<string, unknown>)['result'] : value,
    statusCode: 200,
  };
  receivedBodies.set(envelope, value);
  return envelope;
}

/**
 * What to save and check of an answer: the body as received when it came without an
 * envelope (a bare array of reports), else the envelope, unwrapped from its array.
 */
export function documentOf(envelope: ServiceEnvelope): unknown {
  return receivedBodies.has(envelope) ? receivedBodies.get(envelope) : envelope;
}
