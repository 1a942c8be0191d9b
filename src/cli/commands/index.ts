import type { Command } from 'commander';
import type { ExitCode } from '../exit-codes.js';

/** What a command's module exports: it adds its options and action to the command it is given. */
export interface CommandModule {
  register(command: Command, done: (code: ExitCode) => void): void;
}

/** A command of the CLI: listed by `--help` from here, its module loaded only when it runs. */
export interface CommandEntry {
  name: string;
  summary: string;
  /** Optional peer packages the command needs; named in one line when one is not installed. */
  engines?: readonly string[];
  load(): Promise<CommandModule>;
}

const PRISM = [
  '@stoplight/prism-core',
  '@stoplight/prism-http',
  '@stoplight/prism-http-server',
  'fp-ts',
] as const;
const REFERENCE = ['libsql', 'undici'] as const;

/** Every command, in the order `--help` lists them. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'validate',
    summary:
      'validate webhook payloads (files or NDJSON on standard input) against a version of the contract',
    load: () => import('./validate.js'),
  },
  {
    name: 'verify',
    summary: 'verify the Standard Webhooks signature of a delivery',
    load: () => import('./verify.js'),
  },
  {
    name: 'diff',
    summary: 'list and classify the changes between two dated versions (breaking or additive)',
    load: () => import('./diff.js'),
  },
  {
    name: 'mock',
    summary: 'serve /v0, /v1 and the OAuth endpoints from the contract, with the versioning rules',
    engines: PRISM,
    load: () => import('./mock.js'),
  },
  {
    name: 'proxy',
    summary: 'forward to an implementation and report answers that differ from the contract',
    load: () => import('./proxy.js'),
  },
  {
    name: 'serve',
    summary:
      'run the reference server: every documented operation and signed, retried deliveries, over an embedded store',
    engines: REFERENCE,
    load: () => import('./serve.js'),
  },
  {
    name: 'conformance',
    summary:
      'test a running implementation against a dated version of the contract: REST, OAuth, versioning and its webhook deliveries',
    load: () => import('./conformance.js'),
  },
  {
    name: 'report',
    summary:
      'merge the JSON reports of conformance shards (--shard k/n) into one report: report merge <reports...>',
    load: () => import('./report.js'),
  },
  {
    name: 'trigger',
    summary:
      "send one signed delivery of an event, built from the contract's example, to a receiver (or every event with --all)",
    load: () => import('./trigger.js'),
  },
  {
    name: 'listen',
    summary:
      'receive deliveries locally: verify, validate and print each, optionally forwarding it to your app',
    load: () => import('./listen.js'),
  },
];
