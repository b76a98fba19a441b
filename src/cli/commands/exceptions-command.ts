import type { CommandGroup } from './command-spec.js';
import { exceptionsCheckCommand } from './exceptions-check-command.js';
import { exceptionsImportCommand } from './exceptions-import-command.js';

/** `cspm-report exceptions check|import`: manage the accepted risks of an exceptions file. */
export const exceptionsCommand: CommandGroup = {
  command: 'exceptions',
  describe:
    "manage exceptions (accepted risks): check each one's state against its dates and reports, or import a peer's mute, ignore or waiver file",
  builder: (yargs) =>
    yargs
      .example(
        '$0 exceptions check risks.yaml --reports reports/',
        "each exception's state, with the policies it matches",
      )
      .example('$0 exceptions import --from trivy-ignore .trivyignore.yaml -o risks.yaml', 'a draft to fill in'),
  subcommands: { check: exceptionsCheckCommand, import: exceptionsImportCommand },
};
