import type { Command } from 'commander';
import { explainPort, probePort } from '../../http/listen.js';
import { startProxy } from '../../proxy/proxy.js';
import { type ExitCode, UsageError } from '../exit-codes.js';

interface ProxyCommandOptions {
  upstream: string;
  port: string;
  host: string;
  rejectInvalid?: boolean;
  avatarHost?: string[];
}

export function register(command: Command, _done: (code: ExitCode) => void): void {
  command
    .requiredOption('--upstream <url>', 'the implementation, for example http://127.0.0.1:8080')
    .option('--port <port>', 'port to listen on', '4020')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--reject-invalid',
      "answer a request that breaks the contract with the spec's 4xx instead of forwarding it",
    )
    .option(
      '--avatar-host <host...>',
      'hosts whose URLs count as service-hosted avatars (VER-12), beside the service paths',
    )
    .action(async (options: ProxyCommandOptions) => {
      if (!/^https?:\/\//.test(options.upstream))
        throw new UsageError('--upstream takes an http(s) URL');
      if (!/^\d+$/.test(options.port)) throw new UsageError('--port takes a number');
      // startProxy binds without an 'error' listener: find a busy port here, as one line.
      await probePort(Number(options.port), options.host).catch(explainPort('--port'));
      const proxy = await startProxy({
        upstream: options.upstream,
        port: Number(options.port),
        host: options.host,
        rejectInvalid: options.rejectInvalid ?? false,
        avatarHosts: options.avatarHost ?? [],
      });
      const mode = options.rejectInvalid ? 'rejecting invalid requests' : 'reporting requests';
      console.log(
        `proxy listening on ${proxy.url}, ${mode} and checking answers of ${options.upstream}`,
      );
      await new Promise(() => {});
    });
}
