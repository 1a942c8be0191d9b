import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import sirv from 'sirv';
import { startMock } from '../src/mock/server.ts';
import { startReference } from '../src/reference/server.ts';
import { build } from './build.ts';
import { SITE_DIR, buildDocs } from './docs.ts';

// The README's main job: build the contract, build the docs, then serve the docs site, the
// versioned mock and the reference server on localhost until stopped.
const { values } = parseArgs({
  options: {
    'docs-port': { type: 'string', default: '4000' },
    'mock-port': { type: 'string', default: '4010' },
    'reference-port': { type: 'string', default: '4030' },
    'data': { type: 'string', default: '.service-data' },
    // For tests that must not rewrite generated/ while other tests read it.
    'skip-build': { type: 'boolean', default: false },
  },
});

async function start(): Promise<void> {
  if (!values['skip-build']) await build();
  await buildDocs();
  const docs = createServer(sirv(SITE_DIR));
  await new Promise<void>((resolve) => docs.listen(Number(values['docs-port']), '127.0.0.1', resolve));
  const mock = await startMock({ port: Number(values['mock-port']) });
  const reference = await startReference({ port: Number(values['reference-port']), dataDir: values.data! });
  console.log(`docs: http://127.0.0.1:${(docs.address() as AddressInfo).port}/`);
  console.log(`mock: ${mock.url} (try: curl -H 'Authorization: Bearer mock-2026-08-25' ${mock.url}/v1/webhook.list)`);
  console.log(`reference: ${reference.url} (data in ${values.data}; try: curl -H 'Authorization: Bearer sk-2026-08-25' ${reference.url}/v1/webhook.list)`);
  const stop = () => {
    docs.close();
    void Promise.all([mock.close(), reference.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

start().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
