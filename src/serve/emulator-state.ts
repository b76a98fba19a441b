import { createHash, randomUUID } from 'node:crypto';
import type { AccountKind } from './account-kinds.js';
import type { JobOutcome } from './job-status.js';
import type { OnboardedFields } from './onboarding-body.js';

/** An onboarded account and its scan job. */
export interface Account extends OnboardedFields {
  licenseId: string;
  accountId: string;
  kind: AccountKind;
  jobId: string;
  /** When the scan job started (ms since the epoch). */
  jobStartedAt: number;
  /** How the scan job ends, decided when it starts. */
  jobOutcome: JobOutcome;
}

/** What a token from the token exchange opens: one license, or one account of it. */
export interface TokenBinding {
  licenseId: string;
  accountId: string | null;
}

/** How much the emulator remembers: past these, the oldest entry is forgotten first. */
export interface StateLimits {
  /** Accounts (each with its scan job) kept; 10,000 by default. */
  maxAccounts?: number;
  /** Issued tokens kept; 10,000 by default. */
  maxTokens?: number;
}

/**
 * The emulator's memory: accounts by id and issued tokens by their SHA-256, so that a
 * dump of the state shows no usable token. Nothing is persisted. Each map is bounded, so
 * that an emulator left running under a test suite does not grow with every onboarding:
 * past its limit the oldest entry goes, and a request naming it is answered as unknown.
 */
export class EmulatorState {
  private readonly accounts = new Map<string, Account>();
  private readonly tokens = new Map<string, TokenBinding>();
  private readonly maxAccounts: number;
  private readonly maxTokens: number;

  /** An empty state that keeps at most `limits` entries of each kind. */
  constructor(limits: StateLimits = {}) {
    this.maxAccounts = Math.max(1, limits.maxAccounts ?? 10_000);
    this.maxTokens = Math.max(1, limits.maxTokens ?? 10_000);
  }

  /** How many accounts and tokens are kept. */
  get size(): { accounts: number; tokens: number } {
    return { accounts: this.accounts.size, tokens: this.tokens.size };
  }

  /** Records a new account with a new id and a new scan job started at `now`, which will end with `outcome`. */
  addAccount(licenseId: string, kind: AccountKind, fields: OnboardedFields, now: number, outcome: JobOutcome): Account {
    const account: Account = {
      ...fields,
      licenseId,
      accountId: randomUUID(),
      kind,
      jobId: randomUUID(),
      jobStartedAt: now,
      jobOutcome: outcome,
    };
    addBounded(this.accounts, account.accountId, account, this.maxAccounts);
    return account;
  }

  /** The account `accountId` of license `licenseId`, if onboarded under it. */
  findAccount(licenseId: string, accountId: string): Account | undefined {
    const account = this.accounts.get(accountId);
    return account?.licenseId === licenseId ? account : undefined;
  }

  /** Remembers an issued token and what it is bound to. */
  addToken(token: string, binding: TokenBinding): void {
    addBounded(this.tokens, digest(token), binding, this.maxTokens);
  }

  /** What an issued token is bound to, if it was issued. */
  findToken(token: string): TokenBinding | undefined {
    return this.tokens.get(digest(token));
  }
}

/** Adds an entry to `map`, then forgets the oldest (a Map iterates in insertion order) until `limit` are left. */
function addBounded<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= limit) break;
    map.delete(oldest);
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
