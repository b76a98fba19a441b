import type { Argv } from 'yargs';
import {
  applicationIdVariable,
  describeByteLimit,
  maxBodyRange,
  secretSources,
  serviceClientOf as serviceClientFrom,
  serviceEnvironments,
  terminalText,
  timeoutRange,
  type ServiceEnvironment,
  type ServiceSettings,
} from '../internal.js';
import type { CliIo } from './cli-io.js';
import { oneValue } from './shared-options.js';

/** The options of every command that calls the service. */
export interface ServiceArgs extends ServiceSettings {
  debug?: boolean;
}

/** Declares the service options once for `fetch` and `onboard`. */
export function withServiceOptions<T>(yargs: Argv<T>): Argv<T & ServiceArgs> {
  let options = yargs
    .option('base-url', {
      type: 'string',
      coerce: oneValue('base-url'),
      describe: "the service's base URL (https) [default: $CSPM_BASE_URL]",
    })
    .option('env', {
      choices: Object.keys(serviceEnvironments) as ServiceEnvironment[],
      coerce: oneValue('env'),
      describe: `take the base URL from ${Object.values(serviceEnvironments)
        .map((name) => `$${name}`)
        .join(' or ')}`,
    })
    .option('app-id', {
      type: 'string',
      coerce: oneValue('app-id'),
      describe: `API application id, to obtain tokens not given [default: $${applicationIdVariable}]`,
    })
    .option('timeout', {
      type: 'number',
      coerce: oneValue('timeout'),
      describe: `milliseconds allowed for each attempt, the whole answer included (${timeoutRange.min} to ${timeoutRange.max}) [default: ${timeoutRange.default}]`,
    })
    .option('max-body', {
      type: 'string',
      coerce: oneValue('max-body'),
      describe: `the most an answer may hold, received or inflated: bytes, or with KiB, MiB, GiB (${describeByteLimit(maxBodyRange.min)} to ${describeByteLimit(maxBodyRange.max)}) [default: ${describeByteLimit(maxBodyRange.default).replace(' ', '')}]`,
    });
  for (const source of Object.values(secretSources)) {
    options = options.option(source.flag, {
      type: 'string',
      coerce: oneValue(source.flag),
      describe: `read it from this file [default: $${source.variable}]`,
    });
  }
  return options as unknown as Argv<T & ServiceArgs>;
}

/**
 * A client of the service from the command's options (see serviceClientOf). With
 * `--debug`, each request and response is traced on standard error, every secret in its
 * placeholder's place.
 */
export async function serviceClientOf(args: ServiceArgs, io: CliIo): ReturnType<typeof serviceClientFrom> {
  return serviceClientFrom(
    args,
    io.env,
    args.debug === true ? (line: string) => io.stderr.write(`${terminalText(line)}\n`) : undefined,
  );
}
