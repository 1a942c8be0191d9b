import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { profileOf } from '../../reference/profile.ts';
import { startReference } from '../../reference/server.ts';
import { type ExitCode, UsageError } from '../exit-codes.ts';

export function register(cli: Command, _done: (code: ExitCode) => void): void {
  cli
    .command('serve')
    .description('run the reference server (in progress: subscriptions so far) over an embedded store')
    .option('--port <port>', 'port to listen on', '4030')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data <dir>', 'where the store lives; kept across restarts', '.service-data')
    .option('--profile-out <file>', 'write the conformance profile of this instance')
    .action(async (options: { port: string; host: string; data: string; profileOut?: string }) => {
      if (!/^\d+$/.test(options.port)) throw new UsageError('--port takes a number');
      const server = await startReference({ dataDir: options.data, port: Number(options.port), host: options.host });
      if (options.profileOut) writeFileSync(options.profileOut, `${JSON.stringify(profileOf(server.url, server.workspace), null, 2)}\n`);
      console.log(`reference server listening on ${server.url} (data in ${options.data})`);
      await new Promise(() => {});
    });
}
