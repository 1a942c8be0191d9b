import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { EVENT_TRIGGER } from '../../reference/event-trigger.ts';
import { profileOf } from '../../reference/profile.ts';
import { startReference } from '../../reference/server.ts';
import { parseTimeScale } from '../../time-scale.ts';
import { type ExitCode, UsageError } from '../exit-codes.ts';

export function register(cli: Command, _done: (code: ExitCode) => void): void {
  cli
    .command('serve')
    .description('run the reference server: every documented operation and signed, retried deliveries, over an embedded store')
    .option('--port <port>', 'port to listen on', '4030')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data <dir>', 'where the store lives; kept across restarts', '.service-data')
    .option('--profile-out <file>', 'write the conformance profile of this instance')
    .option('--time-scale <factor>', 'run retry waits, the reaction debounce and the 24-hour fail streak this many times faster; or per clock: retries=3600,debounce=50,failStreak=43200', '1')
    .option('--trigger-events', `serve POST ${EVENT_TRIGGER}, which makes the server emit an event (for test harnesses)`)
    .action(async (options: { port: string; host: string; data: string; profileOut?: string; timeScale: string; triggerEvents?: boolean }) => {
      if (!/^\d+$/.test(options.port)) throw new UsageError('--port takes a number');
      const timeScale = parseTimeScale(options.timeScale);
      if (typeof timeScale === 'object' && 'problem' in timeScale) throw new UsageError(`--time-scale: ${timeScale.problem}`);
      const triggerEvents = options.triggerEvents === true;
      const server = await startReference({ dataDir: options.data, port: Number(options.port), host: options.host, timeScale, triggerEvents });
      if (options.profileOut) writeFileSync(options.profileOut, `${JSON.stringify(profileOf(server.url, server.workspace, { timeScale, triggerEvents }), null, 2)}\n`);
      console.log(`reference server listening on ${server.url} (data in ${options.data})`);
      await new Promise(() => {});
    });
}
