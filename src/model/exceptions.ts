/**
 * Accepted risks: a team's exception for a failing policy, with an owner, an approver, a
 * reason and an expiry. An exception never changes what a scan said: a matched Red or Amber
 * policy keeps its colour and is set apart as accepted; past its expiry the exception does
 * not apply and its policies fail again.
 */

import type { Verdict } from './verdict.js';

/** One exception as its file states it, with where it was written. */
export interface RiskException {
  /** Unique across every exceptions file of a run (`EXC-2026-014`). */
  id: string;
  /** The PolicyIds it covers: one or more, never every policy. */
  policies: readonly string[];
  /** Globs over AccountId or AccountName (`a1f0c9e2-*`); `*` covers every account. */
  accounts: readonly string[];
  /** A BenchmarkId or BenchmarkName (a glob), when the exception is for one benchmark. */
  benchmark?: string;
  /** A CategoryName or CategoryId (a glob), when the exception is for one category. */
  category?: string;
  /** Why the risk is accepted: a sentence. */
  reason: string;
  /** Who answers for the risk (an address or a team). */
  owner: string;
  /** Who approved it: someone other than the owner. */
  approvedBy: string;
  /** The day it was approved, `YYYY-MM-DD`. */
  approved: string;
  /** The last day it applies, `YYYY-MM-DD` (UTC): from the day after, it has expired. */
  expires: string;
  /** A ticket id, linked where a ticket URL is given. */
  ticket?: string;
  /** The ticket's link, made by the run's ticket URL template (`--ticket-url`); none without one. */
  ticketUrl?: string;
  /** The exceptions file it comes from, as given. */
  file: string;
  /** RFC 6901 pointer of its entry in that file (`/exceptions/2`). */
  pointer: string;
}

/**
 * What an exception is in a run:
 * - `active`: it applies, and covers at least one Red or Amber policy;
 * - `expiring`: the same, within the warning days of its expiry;
 * - `expired`: past its expiry, so it applies to nothing and its policies fail again;
 * - `unused`: it matches no policy of the run;
 * - `unneeded`: it matches only Green or Gray policies (the risk is gone).
 */
export type ExceptionState = 'active' | 'expiring' | 'expired' | 'unused' | 'unneeded';

/** A policy of a run that an exception names. */
export interface ExceptionMatch {
  /** The input the policy was read from. */
  source: string;
  /** RFC 6901 pointer of the policy inside that input. */
  pointer: string;
  policyId: string;
  accountId: string;
  accountName: string;
  benchmarkId: string;
  /** The policy's colour as the scan said it: never rewritten. */
  compliance: string;
  severity: string;
}

/** An exception and what it did in a run. */
export interface ExceptionOutcome {
  exception: RiskException;
  state: ExceptionState;
  /** Days from the run's day to the expiry: 0 on the last day, negative once expired. */
  daysLeft: number;
  /** Every policy of the run it names, whatever their colour. */
  matches: readonly ExceptionMatch[];
  /** The Red and Amber policies it sets apart as accepted: none when expired. */
  accepted: readonly ExceptionMatch[];
}

/** An exceptions file as a run read it: what every machine-readable output records of it. */
export interface ExceptionsFile {
  /** The file as given. */
  path: string;
  /** The SHA-256 (hex) of the very bytes read. */
  sha256: string;
  /** The ids of its exceptions, in file order. */
  ids: string[];
}

/** What a run's exceptions did: the files they came from, and each exception's state and matches. */
export interface AcceptedRisks {
  files: readonly ExceptionsFile[];
  outcomes: readonly ExceptionOutcome[];
  /** The run's day, `YYYY-MM-DD` (UTC), on which expiries were judged. */
  judgedOn: string;
}

/** What a machine-readable output records of a run's exceptions: the files read, and what each exception did. */
export interface ExceptionsRecord {
  /** Each exceptions file: its path, the SHA-256 of the bytes read and its ids. */
  files: readonly ExceptionsFile[];
  /** The ids of the exceptions that accepted at least one policy in this run. */
  applied: readonly string[];
  /** Every exception, in file order, with its state and the policies it accepted. */
  exceptions: readonly {
    id: string;
    state: ExceptionState;
    expires: string;
    daysLeft: number;
    owner: string;
    approvedBy: string;
    reason: string;
    file: string;
    pointer: string;
    /** The ticket, where the run has a ticket URL template (`--ticket-url`). */
    ticket?: string;
    /** The ticket's link, where the run has a ticket URL template. */
    ticketUrl?: string;
    /** The accepted policies: their input and pointer. */
    accepted: readonly { source: string; pointer: string; policyId: string }[];
  }[];
}

/** The exception a policy of a document is accepted under, as every output that lists policies marks it. */
export interface PolicyAcceptance {
  /** The exception's id (`EXC-2026-014`). */
  id: string;
  /** `active`, or `expiring` within the run's warning days. */
  state: 'active' | 'expiring';
  /** The last day it applies, `YYYY-MM-DD`. */
  expires: string;
  /** Days from the run's day to the expiry: 0 on the last day. */
  daysLeft: number;
  reason: string;
  owner: string;
  approvedBy: string;
  ticket?: string;
  /** The ticket's link, where the run has a ticket URL template (`--ticket-url`). */
  ticketUrl?: string;
}

/** The lowest state of an exception that fails `exceptions check`: `error` (expired) or `warning` (any warning too). */
export type ExceptionsFailOn = 'error' | 'warning';

/**
 * What `exceptions check` found: each exception's state on a day, judged against reports
 * (every state) or, without reports, by its dates alone (active, expiring, expired).
 */
export interface ExceptionsCheck {
  /** The day the states were judged on, `YYYY-MM-DD` (UTC). */
  today: string;
  /** An exception this many days or fewer from its expiry is expiring. */
  expiryWarningDays: number;
  /** The lowest state that fails the check. */
  failOn: ExceptionsFailOn;
  /** The report inputs matched against, as given; empty when the states were judged by date alone. */
  reports: readonly string[];
  /** False when no report was given: whether an exception is unused or unneeded was not judged. */
  matched: boolean;
  files: readonly ExceptionsFile[];
  /** Every exception, in file order; without reports its matches are empty. */
  outcomes: readonly ExceptionOutcome[];
  /**
   * The check's verdict: exit code 1 on an expired exception, on a warning (expiring,
   * unused, unneeded) under `failOn: 'warning'`, or on reports that cannot be trusted.
   */
  verdict: Verdict;
}
