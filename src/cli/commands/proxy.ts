import type { Command } from 'commander';
import { explainPort, probePort } from '../../http/listen.js';
import { startProxy } from '../../proxy/proxy.js';
import { type ExitCode, UsageError } from '../exit-codes.js';

export function register(command: Command, _done: (code: ExitCode) => void): void {
  command
    .requiredOption('--upstream <url>', 'the implementation, for example http://127.0.0.1:8080')
    .option('--port <port>', 'port to listen on', '4020')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action(async (options: { upstream: string; port: string; host: string }) => {
      if (!/^https?:\/\//.test(options.upstream))
        throw new UsageError('--upstream takes an http(s) URL');
      if (!/^\d+$/.test(options.port)) throw new UsageError('--port takes a number');
      // startProxy binds without an 'error' listener: find a busy port here, as one line.
      await probePort(Number(options.port), options.host).catch(explainPort('--port'));
      const proxy = await startProxy({
        upstream: options.upstream,
        port: Number(options.port),
        host: options.host,
      });
      console.log(`proxy listening on ${proxy.url}, checking answers of ${options.upstream}`);
      await new Promise(() => {});
    });
}
