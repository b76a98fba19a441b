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

/**
 * The emulator's memory: accounts by id and issued tokens by their SHA-256, so that a
 * dump of the state shows no usable token. Nothing is persisted.
 */
export class EmulatorState {
  private readonly accounts = new Map<string, Account>();
  private readonly tokens = new Map<string, TokenBinding>();

  /** Records a new account with a new id and a new scan job started at `now`, which will end with `outcome`. */
  addAccount(licenseId: string, kind: AccountKind, fields: OnboardedFields, now: number, outcome: JobOutcome): Account {
    const account: Account = { ...fields, licenseId, accountId: randomUUID(), kind, jobId: randomUUID(), jobStartedAt: now, jobOutcome: outcome };
    this.accounts.set(account.accountId, account);
    return account;
  }

  /** The account `accountId` of license `licenseId`, if onboarded under it. */
  findAccount(licenseId: string, accountId: string): Account | undefined {
    const account = this.accounts.get(accountId);
    return account?.licenseId === licenseId ? account : undefined;
  }

  /** Remembers an issued token and what it is bound to. */
  addToken(token: string, binding: TokenBinding): void {
    this.tokens.set(digest(token), binding);
  }

  /** What an issued token is bound to, if it was issued. */
  findToken(token: string): TokenBinding | undefined {
    return this.tokens.get(digest(token));
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
