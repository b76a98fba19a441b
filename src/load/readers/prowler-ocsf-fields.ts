import { scannerProviders } from '../scanners/providers.js';
import { epochMsOf, objectAt, text, type JsonObject } from './ocsf-values.js';

/**
 * Where Prowler's versions put what the reader needs, when a version states it in
 * another place or not at all (see docs/scanner-inputs.md):
 * - Prowler 4.0 to 4.2 write no `metadata.event_code` and no `unmapped.compliance`; the
 *   check's id is in the finding's uid, `prowler-<provider>-<check>-<account>-…`.
 * - Prowler 4.0 to 4.4 write `event_time` (an ISO date and time), no `time`.
 * - Kubernetes findings have no `cloud` (no account, no provider): Prowler 5 names the
 *   cluster in `unmapped.provider_uid` (5.19 and later) and the `container` profile;
 *   Prowler 4 a `container` object.
 */

/** The account a finding that states none is grouped under, named in one warning per document. */
export const unstatedAccount = 'no account stated';

/** Prowler's check ids: lower-case words joined by underscores. */
const uidCheck = /^prowler-([a-z0-9]+)-([a-z0-9]+(?:_[a-z0-9]+)+)-/;

/** The check's id: `metadata.event_code`, else (Prowler 4.0 to 4.2) the one the finding's uid names. */
export function checkIdOf(metadata: JsonObject, info: JsonObject): string | undefined {
  return text(metadata['event_code']) ?? uidCheck.exec(text(info['uid']) ?? '')?.[2];
}

/**
 * The provider: `cloud.provider`, else `unmapped.provider`, else the one the finding's
 * uid names when it is one Prowler scans, else Kubernetes for a finding of a container
 * (its profile, or Prowler 4's `container` object). Undefined when nothing states it.
 */
export function providerOf(finding: JsonObject, unmapped: JsonObject): string | undefined {
  const stated = text(objectAt(finding, 'cloud')['provider']) ?? text(unmapped['provider']);
  if (stated !== undefined) return stated;
  const named = uidCheck.exec(text(objectAt(finding, 'finding_info')['uid']) ?? '')?.[1];
  if (named !== undefined && Object.hasOwn(scannerProviders, named)) return named;
  const profiles = objectAt(finding, 'metadata')['profiles'];
  const container = (Array.isArray(profiles) && profiles.includes('container')) || 'container' in finding;
  return container ? 'kubernetes' : undefined;
}

/** The account: `cloud.account`, else Prowler 5's `unmapped.provider_uid`; undefined when neither states one. */
export function accountOf(finding: JsonObject, unmapped: JsonObject): { uid: string; name?: string } | undefined {
  const account = objectAt(objectAt(finding, 'cloud'), 'account');
  const uid = text(account['uid']) ?? text(unmapped['provider_uid']);
  if (uid === undefined) return undefined;
  const name = text(account['name']);
  return name === undefined ? { uid } : { uid, name };
}

/**
 * The time of the finding, in milliseconds: the first of `time` (Prowler writes
 * seconds), `time_dt`, Prowler 4's `event_time` and when the finding was created that can
 * be read. `stated` is the first of them present, for the warning when none can be read.
 */
export function timeOf(finding: JsonObject): { ms: number | undefined; stated: unknown } {
  // Prowler 4.5 and later: seconds, read at once (this runs for every finding).
  const seconds = finding['time'];
  if (typeof seconds === 'number' && seconds > 0) return { ms: epochMsOf(seconds), stated: seconds };
  const candidates = [
    finding['time'],
    finding['time_dt'],
    finding['event_time'],
    objectAt(finding, 'finding_info')['created_time'],
  ].filter((value) => value !== undefined && value !== null);
  for (const value of candidates) {
    const ms = epochMsOf(value);
    if (ms !== undefined) return { ms, stated: value };
  }
  return { ms: undefined, stated: candidates[0] };
}
