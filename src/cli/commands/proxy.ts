import type { Command } from 'commander';
import { startProxy } from '../../proxy/proxy.ts';
import { type ExitCode, UsageError } from '../exit-codes.ts';

export function register(cli: Command, _done: (code: ExitCode) => void): void {
  cli
    .command('proxy')
    .description('forward to an implementation and report answers that differ from the contract')
    .requiredOption('--upstream <url>', 'the implementation, for example http://127.0.0.1:8080')
    .option('--port <port>', 'port to listen on', '4020')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action(async (options: { upstream: string; port: string; host: string }) => {
      if (!/^https?:\/\//.test(options.upstream)) throw new UsageError('--upstream takes an http(s) URL');
      if (!/^\d+$/.test(options.port)) throw new UsageError('--port takes a number');
      const proxy = await startProxy({ upstream: options.upstream, port: Number(options.port), host: options.host });
      console.log(`proxy listening on ${proxy.url}, checking answers of ${options.upstream}`);
      await new Promise(() => {});
    });
}
