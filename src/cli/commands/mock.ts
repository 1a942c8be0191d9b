import type { Command } from 'commander';
import { type MockConfig, loadMockConfig } from '../../mock/config.js';
import { explainPort, probePort } from '../../http/listen.js';
import { writeFileSync } from 'node:fs';
import { mockProfile } from '../../mock/profile.js';
import { startMock } from '../../mock/server.js';
import { listVersions } from '../../versions.js';
import { type ExitCode, UsageError } from '../exit-codes.js';

interface MockOptions {
  port: string;
  host: string;
  config?: string;
  deprecate: string[];
  sunset: string[];
  profileOut?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function register(command: Command, _done: (code: ExitCode) => void): void {
  command
    .option('--port <port>', 'port to listen on', '4010')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--config <file>', 'JSON with tokens, version statuses and avatar hosts (see README)')
    .option(
      '--deprecate <version[=sunset]>',
      'mark a version deprecated, with its sunset date (repeatable)',
      collect,
      [],
    )
    .option(
      '--sunset <version>',
      'mark a version sunset: requests pinned to it get 410 (repeatable)',
      collect,
      [],
    )
    .option('--profile-out <file>', 'write the conformance profile of this mock')
    .action(async (options: MockOptions) => {
      const config = loadMockConfig(options.config);
      applyVersionFlags(options, config);
      if (!/^\d+$/.test(options.port)) throw new UsageError('--port takes a number');
      // Before the documents load (seconds): a busy port is one line at once.
      await probePort(Number(options.port), options.host).catch(explainPort('--port'));
      const mock = await startMock({
        port: Number(options.port),
        host: options.host,
        config,
      }).catch(explainPort('--port'));
      if (options.profileOut)
        writeFileSync(
          options.profileOut,
          `${JSON.stringify(mockProfile(mock.url, config), null, 2)}\n`,
        );
      console.log(
        `mock listening on ${mock.url} (tokens: ${Object.keys(config.tokens).join(', ')})`,
      );
      // Serves until the process is stopped.
      await new Promise(() => {});
    });
}

/** `--deprecate` and `--sunset`, laid over the config's version statuses. */
function applyVersionFlags(options: MockOptions, config: MockConfig): void {
  const versions = listVersions();
  for (const entry of options.deprecate) {
    const [version = '', sunset] = entry.split('=');
    if (!versions.includes(version))
      throw new UsageError(`--deprecate: unknown version "${version}"`);
    config.versions[version] = { status: 'deprecated', sunset };
  }
  for (const version of options.sunset) {
    if (!versions.includes(version)) throw new UsageError(`--sunset: unknown version "${version}"`);
    config.versions[version] = { status: 'sunset' };
  }
}
