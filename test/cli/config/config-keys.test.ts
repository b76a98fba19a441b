import { describe, expect, it } from 'vitest';
import { commands } from '../../../src/cli/commands/commands.js';
import { refusedKey } from '../../../src/jobs/settings/config-scope.js';
import { isCredential } from '../../../src/jobs/settings/config-values.js';
import { optionFactsOf } from '../../../src/cli/config/option-facts.js';

/** The keys a config file may set for `command`, as it was found, from the command's own declarations. */
function settable(command: keyof typeof commands, found: 'named' | 'search'): string[] {
  return [...optionFactsOf(commands[command].builder).entries()]
    .filter(
      ([key, fact]) =>
        refusedKey(key, { positional: fact.positional, credential: isCredential(key) }, found) === undefined,
    )
    .map(([key]) => key);
}

/**
 * Every key a config file may set, by command: a new option lands here only by a
 * decision (it is settable unless it says what a command reads, writes or is).
 */
describe('the keys a config file may set, by command', () => {
  it('lists them', () => {
    const all = Object.fromEntries(
      Object.keys(commands).map((name) => [name, settable(name as keyof typeof commands, 'search').join(' ')]),
    );
    expect(all).toMatchInlineSnapshot(`
      {
        "check": "markdown-limit color percent-formula rule from framework fail-on jobs exceptions expiry-warning max-exception-days ticket-url",
        "completion": "",
        "diff": "allow-mismatch fail-on-regression allow-new-failures allow-removed markdown-limit color percent-formula rule from framework fail-on exceptions expiry-warning max-exception-days ticket-url",
        "exceptions": "",
        "fetch": "concurrency check app-id timeout max-body percent-formula rule from framework fail-on exceptions expiry-warning max-exception-days ticket-url",
        "gate": "rules allow-mismatch markdown-limit color percent-formula rule from framework fail-on jobs exceptions expiry-warning max-exception-days ticket-url",
        "merge": "rules markdown-limit color percent-formula rule from framework fail-on exceptions expiry-warning max-exception-days ticket-url",
        "onboard": "account-name aws-account-id aws-role-name domain-name tenant-id ad-application-client-id subscription-id wait poll-seconds wait-timeout app-id timeout max-body",
        "query": "timeout memory-limit",
        "render": "templates title logo tier landscape policies max-policies show-paths strict now fields bom parquet percent-formula rule from framework exceptions expiry-warning max-exception-days ticket-url",
        "rules": "",
        "schema": "",
        "serve": "port host scan-seconds latency fail-rate scan-failure-rate rate-limit request-timeout",
        "site": "title top percent-formula rule from framework fail-on exceptions expiry-warning max-exception-days ticket-url",
        "trend": "allow-mismatch top title templates now percent-formula rule from framework fail-on exceptions expiry-warning max-exception-days ticket-url",
      }
    `);
  });

  it('adds the credentials only to a file named with --config', () => {
    const added = settable('fetch', 'named').filter((key) => !settable('fetch', 'search').includes(key));
    expect(added).toEqual([
      'base-url',
      'env',
      'license-token-file',
      'account-token-file',
      'api-key-file',
      'app-secret-file',
    ]);
  });
});
