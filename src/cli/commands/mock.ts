import type { Command } from 'commander';
import { loadMockConfig } from '../../mock/config.ts';
import { startMock } from '../../mock/server.ts';
import { listVersions } from '../../versions.ts';
import { type ExitCode, UsageError } from '../exit-codes.ts';

interface MockOptions { port: string; host: string; config?: string; deprecate: string[]; sunset: string[] }

const collect = (value: string, previous: string[]) => [...previous, value];

export function register(cli: Command, _done: (code: ExitCode) => void): void {
  cli
    .command('mock')
    .description('serve /v0, /v1 and the OAuth endpoints from the contract, with the versioning rules')
    .option('--port <port>', 'port to listen on', '4010')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--config <file>', 'JSON with tokens, version statuses and avatar hosts (see README)')
    .option('--deprecate <version[=sunset]>', 'mark a version deprecated, with its sunset date (repeatable)', collect, [])
    .option('--sunset <version>', 'mark a version sunset: requests pinned to it get 410 (repeatable)', collect, [])
    .action(async (options: MockOptions) => {
      const config = loadMockConfig(options.config);
      const versions = listVersions();
      for (const entry of options.deprecate) {
        const [version = '', sunset] = entry.split('=');
        if (!versions.includes(version)) throw new UsageError(`--deprecate: unknown version "${version}"`);
        config.versions[version] = { status: 'deprecated', sunset };
      }
      for (const version of options.sunset) {
        if (!versions.includes(version)) throw new UsageError(`--sunset: unknown version "${version}"`);
        config.versions[version] = { status: 'sunset' };
      }
      if (!/^\d+$/.test(options.port)) throw new UsageError('--port takes a number');
      const mock = await startMock({ port: Number(options.port), host: options.host, config });
      console.log(`mock listening on ${mock.url} (tokens: ${Object.keys(config.tokens).join(', ')})`);
      // Serves until the process is stopped.
      await new Promise(() => {});
    });
}
