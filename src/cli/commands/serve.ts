import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { explainPort, probePort } from '../../http/listen.js';
import { credentialsSummary } from '../../reference/credentials-summary.js';
import { EVENT_TRIGGER } from '../../reference/event-trigger.js';
import { seedWorkspace } from '../../reference/fixtures.js';
import { profileOf } from '../../reference/profile.js';
import { startReference } from '../../reference/server.js';
import { type TimeScale, parseTimeScale } from '../../time-scale.js';
import { type ExitCode, UsageError } from '../exit-codes.js';

interface ServeOptions {
  port: string;
  host: string;
  data: string;
  profileOut?: string;
  printProfile?: boolean;
  timeScale: string;
  triggerEvents?: boolean;
  allowLocalDestinations?: boolean;
}
interface Instance {
  port: number;
  host: string;
  timeScale: TimeScale;
  triggerEvents: boolean;
  allowLocalDestinations: boolean;
}

export function register(command: Command, _done: (code: ExitCode) => void): void {
  command
    .option('--port <port>', 'port to listen on', '4030')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data <dir>', 'where the store lives; kept across restarts', '.service-data')
    .option('--profile-out <file>', 'write the conformance profile of this instance')
    .option(
      '--print-profile',
      'print the conformance profile of an instance started with these options (JSON), and exit without serving',
    )
    .option(
      '--time-scale <factor>',
      'run retry waits, the reaction debounce and the 24-hour fail streak this many times faster; or per clock: retries=3600,debounce=50,failStreak=43200',
      '1',
    )
    .option(
      '--trigger-events',
      `serve POST ${EVENT_TRIGGER}, which makes the server emit an event (for test harnesses)`,
    )
    .option(
      '--allow-local-destinations',
      "accept webhook URLs on loopback and private addresses, over plain HTTP too (a local test environment, such as a conformance run's receiver); without it only HTTPS to public addresses",
    )
    .action(async (options: ServeOptions) => {
      const instance = instanceOf(options);
      if (options.printProfile) return printProfile(instance);
      await serve(instance, options);
      await new Promise(() => {});
    });
}

/** The checked options that shape the instance and its profile. */
function instanceOf(options: ServeOptions): Instance {
  if (!/^\d+$/.test(options.port)) throw new UsageError('--port takes a number');
  const timeScale = parseTimeScale(options.timeScale);
  if (typeof timeScale === 'object' && 'problem' in timeScale)
    throw new UsageError(`--time-scale: ${timeScale.problem}`);
  return {
    port: Number(options.port),
    host: options.host,
    timeScale,
    triggerEvents: options.triggerEvents === true,
    allowLocalDestinations: options.allowLocalDestinations === true,
  };
}

/** The profile is the same for every start with the same options, so it needs no running server. */
function printProfile({
  port,
  host,
  timeScale,
  triggerEvents,
  allowLocalDestinations,
}: Instance): void {
  // Port 0 is chosen only when the server starts: no profile could name it.
  if (port === 0)
    throw new UsageError('--print-profile needs the --port the server runs on, not 0');
  console.log(
    JSON.stringify(
      profileOf(`http://${host}:${port}`, seedWorkspace(), {
        timeScale,
        triggerEvents,
        allowLocalDestinations,
      }),
      null,
      2,
    ),
  );
}

async function serve(
  { port, host, timeScale, triggerEvents, allowLocalDestinations }: Instance,
  options: ServeOptions,
): Promise<void> {
  // Before the store is opened: a busy port then leaves nothing open behind its one-line message.
  await probePort(port, host).catch(explainPort('--port'));
  const server = await startReference({
    dataDir: options.data,
    port,
    host,
    timeScale,
    triggerEvents,
    allowLocalDestinations,
  }).catch(explainPort('--port'));
  const profile = profileOf(server.url, server.workspace, {
    timeScale,
    triggerEvents,
    allowLocalDestinations,
  });
  if (options.profileOut)
    writeFileSync(options.profileOut, `${JSON.stringify(profile, null, 2)}\n`);
  // The first line stays as it is: harnesses read the URL from it.
  console.log(`reference server listening on ${server.url} (data in ${options.data})`);
  console.log(credentialsSummary(profile).join('\n'));
}
