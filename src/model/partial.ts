/*
 * The partial result of one shard of a sharded check or gate (`--shard i/n`), which
 * `cspm-report merge` joins into the run's result. Types only; src/jobs/shard/ writes
 * and reads them.
 */
import type { DocumentForm, TextSource } from './document.js';
import type { Figures, PercentFormula, SeverityCount, TextRegion } from './analysis.js';
import type { Finding, RuleId, SeveritySetting } from './finding.js';
import type { GateRules } from './gate-rules.js';
import type { Policy } from './report.js';
import type { FleetAccount, FleetPolicy } from './fleet.js';
import type { RunSettings } from './run-settings.js';

/** The version of the partial result's layout; a merge reads this one only. */
export const partialVersion = 2;

/** What every shard of one run must have been run with; a merge refuses shards that differ. */
export interface PartialSettings {
  command: 'check' | 'gate';
  /** `--fail-on`: the lowest finding severity that fails the run. */
  failOn: 'error' | 'warning' | 'never';
  percentFormula?: PercentFormula;
  /** `--from`: the input format every file was read as, when forced. */
  from?: string;
  /**
   * `--framework`: other scanners' results read per compliance framework. Shards read
   * otherwise hold other reports: a merge of them would judge neither reading.
   */
  framework?: string;
  severities: Partial<Record<RuleId, SeveritySetting>>;
  /** The gate's rules as loaded (presets expanded), evaluated on the whole at the merge. */
  rules?: GateRules;
}

/** What a shard keeps of a report or a category: where it is, its own fields, and its figures. */
export interface PartialFigures {
  pointer: string;
  /** Its own fields but its list of categories (of a report) or policies (of a category). */
  fields: Record<string, unknown>;
  figures: Figures;
  redBySeverity: SeverityCount[];
  amberBySeverity: SeverityCount[];
  otherBySeverity: SeverityCount[];
}

/** A category as a shard keeps it: figures, ids and names, and the policies kept. */
export interface PartialCategory extends PartialFigures {
  /** The policies kept (see AnalysedCategory.keptPolicies), by position. */
  keptPolicies: [number, Policy][];
}

/** A report as a shard keeps it. */
export interface PartialReport extends PartialFigures {
  categories: PartialCategory[];
}

/** One file of a shard: its analysis on its own, and its place in the whole run. */
export interface PartialFile {
  /** Position of the file among every file of the run (see PartialResult.inputs). */
  index: number;
  source: string;
  form: DocumentForm;
  reportCount: number;
  policies: number;
  reports: PartialReport[];
  findings: Finding[];
  regions?: [string, TextRegion][];
  repeatedKeys?: number;
  /** Where the rules across inputs add their findings; absent when the file held nothing for them. */
  acrossInputs?: { at: number; reportsPointer: string };
  /** Where the file's text can be had again, to place findings the merge adds. */
  textSource?: TextSource;
  /** The fleet figures' rows of the file's reports (see addFleetReport). */
  fleetAccounts?: FleetAccount[];
  /** SHA-256 (hex) of the file's bytes, hashed as the shard read them: the merge hashes the file again. */
  sha256: string;
}

/** A file of a shard that was left out (one of the tool's own outputs found in a folder). */
export interface PartialSkipped {
  index: number;
  path: string;
  sha256: string;
}

/** SHA-256 (hex) of the files beside the inputs that decide the verdict, as the shard read them. */
export interface PartialContentHashes {
  /** The gate rules file (absent for a check, or a preset named without a file). */
  rules?: string;
  /**
   * Each exceptions file (`--exceptions`), in the order given: the merge must be given files
   * of the same bytes in the same order, or none when this is absent.
   */
  exceptions?: string[];
}

/** What ties the shards of one run together. */
export interface PartialRun {
  /**
   * Shared by every shard of the run: `--run-id`, or SHA-256 of the tool's version, the
   * settings, the content hashes and the sorted digests of every input file of the run.
   */
  id: string;
  from: 'inputs' | 'given';
}

/** The partial result of one shard: `check --shard i/n -f json` and `gate --shard i/n -f json` write it. */
export interface PartialResult {
  cspmReportPartial: typeof partialVersion;
  tool: { name: 'cspm-report'; version: string };
  shard: { index: number; count: number };
  /** Every file of the whole run (all shards), counted and digested: the merge checks the shards agree. */
  inputs: { files: number; digest: string };
  settings: PartialSettings;
  contentHashes: PartialContentHashes;
  /**
   * The settings the shard was run with: its config file, when one was read, and each option in force (see
   * RunSettings).
   */
  runSettings?: RunSettings;
  /** A shard decides nothing: the verdict is the merge's. */
  verdict: { status: 'deferred'; reasons: string[] };
  files: PartialFile[];
  /** The shard's files that were left out (one of the tool's own outputs found in a folder). */
  skipped: PartialSkipped[];
  /**
   * The fleet figures' policies over the shard's files, each with the position in the
   * whole run of the first file that held it: the merge adds them up in that order.
   */
  fleetPolicies?: { first: number; policy: FleetPolicy }[];
  run: PartialRun;
  /**
   * With `CSPM_SHARD_KEY` set: HMAC-SHA256 (hex) under that key of every byte of the
   * file before `,"mac":`, which is the file's last member (see shardMac).
   */
  mac?: string;
}
