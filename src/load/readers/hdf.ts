import type { Finding } from '../../model/finding.js';
import type { ScanResult, ScannerInfo } from '../../model/scan-result.js';
import type { InputReader } from './input-reader.js';
import { scannerDocument } from '../scanners/scanner-document.js';
import { hdfControlResults, type HdfPlace } from './hdf-control.js';
import { hdfRunControls } from './hdf-overlays.js';
import { serviceReportReader } from './service-reports.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The platform name the SAF converters (Heimdall Tools) write: it names the converter,
 * not the platform scanned.
 */
const converterPlatform = 'Heimdall Tools';

/**
 * Our own `-f hdf` output: its platform name is the connector and this tool's name and
 * release, run together (`AWS · cspm-report 1.2.0`, see renderHdfView).
 */
const ownPlatform = /^(.*?) · (cspm-report)(?: |$)/;

/** True when `value` is `render -f hdf`'s output, not another tool's HDF. */
export function isOwnHdf(value: unknown): boolean {
  const platform = isObject(value) ? value['platform'] : undefined;
  return isObject(platform) && typeof platform['name'] === 'string' && ownPlatform.test(platform['name']);
}

/** A profile's title, unless it says nothing (an overlay's title may be `.`). */
function titleOf(profile: Json): string | undefined {
  const title = text(profile['title']);
  return title !== undefined && /\p{L}/u.test(title) ? title : undefined;
}

/** The tool and the provider an HDF document's platform names. */
function platformOf(platform: Json, version: unknown): { info: ScannerInfo; provider: string } {
  const name = text(platform['name']);
  const own = name === undefined ? null : ownPlatform.exec(name);
  const tool = own !== null ? own[2]! : name === converterPlatform ? converterPlatform : 'InSpec';
  const provider = own !== null ? own[1]! : name === undefined || name === converterPlatform ? 'unknown' : name;
  const stated = text(version);
  return { info: { format: 'hdf', tool, ...(stated === undefined ? {} : { version: stated }) }, provider };
}

function notHdf(value: unknown): Finding {
  return {
    rule: 'scanner-value',
    severity: 'error',
    pointer: '',
    message: 'the document is no HDF: it has no platform object and profiles array',
    expected: 'an HDF document ({"platform": {…}, "profiles": […]})',
    actual: isObject(value) ? `an object with ${Object.keys(value).slice(0, 5).join(', ')}` : typeof value,
  };
}

/**
 * The Heimdall Data Format (HDF, InSpec's exec-json, what the SAF CLI converts some 60
 * tools into): profiles → controls → results. A control is a check, each of its tests
 * (results) one resource's result; the account is the target (`platform.target_id`,
 * else the profile run), the category the control's group (InSpec's control file) when
 * it has a title, else the profile. Waivers, attestations, impact 0 and
 * overlays are read as Heimdall reads them (see hdfControlResults, hdfRunControls).
 * Our own `-f hdf` output, found in a folder, is no report to check: it is left to the
 * service's reader, which finds no report in it, and the loader skips it with a note; a
 * file named is read.
 */
export const hdfReader: InputReader = {
  description: 'Heimdall Data Format (InSpec exec-json, the SAF CLI converters)',
  recognises: (value) => isObject(value) && Array.isArray(value['profiles']) && isObject(value['platform']),
  read(source, value, options) {
    if (options.listed === true && isOwnHdf(value)) return serviceReportReader.read(source, value, options);
    const document = isObject(value) ? value : {};
    const platform = isObject(document['platform']) ? document['platform'] : {};
    const profiles = Array.isArray(document['profiles']) ? document['profiles'] : [];
    const { info, provider } = platformOf(platform, document['version']);
    const target = text(platform['target_id']);
    const findings: Finding[] = [];
    // Read with --from hdf, a document of another shape holds no result: say why.
    if (!hdfReader.recognises(value)) findings.push(notHdf(value));
    const results: ScanResult[] = [];
    for (const run of hdfRunControls(profiles)) {
      const profile = text(run.root['name']) ?? 'unnamed profile';
      const place: HdfPlace = {
        provider,
        account: { uid: target ?? profile },
        service: run.group ?? titleOf(run.root) ?? profile,
      };
      results.push(...hdfControlResults(run, place, findings));
    }
    return scannerDocument(source, value, { results, findings, info }, options);
  },
};
