import { parseArgs } from 'node:util';
import { explainPort, holdPort, listen } from '../src/http/listen.ts';

// The README's main job: build the contract, build the docs, then serve the docs site, the
// versioned mock and the reference server on localhost until stopped. The build, the docs and the
// servers are imported only once the ports are known to be free: loading them takes seconds.
const PORT_FLAGS = ['docs-port', 'mock-port', 'reference-port'] as const;
type Ports = Record<(typeof PORT_FLAGS)[number], number>;

function readOptions() {
  const { values } = parseArgs({
    options: {
      'docs-port': { type: 'string', default: '4000' },
      'mock-port': { type: 'string', default: '4010' },
      'reference-port': { type: 'string', default: '4030' },
      data: { type: 'string', default: '.service-data' },
      // For tests that must not rewrite generated/ while other tests read it.
      'skip-build': { type: 'boolean', default: false },
    },
  });
  const ports = {} as Ports;
  for (const flag of PORT_FLAGS) {
    if (!/^\d+$/.test(values[flag])) throw new Error(`--${flag} takes a number`);
    ports[flag] = Number(values[flag]);
  }
  return { ports, data: values.data, skipBuild: values['skip-build'] };
}

/**
 * Binds the three ports at once, then releases them: a busy port (or one given twice) is then one
 * line before the build, which takes half a minute, rather than after it.
 */
async function checkPorts(ports: Ports): Promise<void> {
  const held: Array<() => Promise<void>> = [];
  try {
    for (const flag of PORT_FLAGS)
      held.push(await holdPort(ports[flag]).catch(explainPort(`--${flag}`)));
  } finally {
    await Promise.all(held.map((release) => release()));
  }
}

async function serveDocs(port: number) {
  const [{ serveSite }, { SITE_DIR, buildDocs }] = await Promise.all([
    import('./docs/site-server.ts'),
    import('./docs.ts'),
  ]);
  await buildDocs();
  const site = serveSite(SITE_DIR);
  return listen(async (req, res) => site(req, res), { port }, 'docs').catch(
    explainPort('--docs-port'),
  );
}

async function serveApis(ports: Ports, dataDir: string) {
  const [{ startMock }, { startReference }, { profileOf }, { credentialsSummary }] =
    await Promise.all([
      import('../src/mock/server.ts'),
      import('../src/reference/server.ts'),
      import('../src/reference/profile.ts'),
      import('../src/reference/credentials-summary.ts'),
    ]);
  const mock = await startMock({ port: ports['mock-port'] }).catch(explainPort('--mock-port'));
  // npm start is a local environment (SUB-03): webhooks may go to receivers on this machine.
  const reference = await startReference({
    port: ports['reference-port'],
    dataDir,
    allowLocalDestinations: true,
  }).catch(explainPort('--reference-port'));
  return {
    mock,
    reference,
    credentials: credentialsSummary(profileOf(reference.url, reference.workspace)),
  };
}

async function start(): Promise<void> {
  const { ports, data, skipBuild } = readOptions();
  await checkPorts(ports);
  if (!skipBuild) await (await import('./build.ts')).build();
  const docs = await serveDocs(ports['docs-port']);
  const { mock, reference, credentials } = await serveApis(ports, data);
  console.log(`docs: ${docs.url}/`);
  console.log(
    `mock: ${mock.url} (try: curl -H 'Authorization: Bearer mock-2026-08-25' ${mock.url}/v1/webhook.list)`,
  );
  console.log(
    `reference: ${reference.url} (data in ${data}; try: curl -H 'Authorization: Bearer sk-2026-08-25' ${reference.url}/v1/webhook.list)`,
  );
  console.log(credentials.join('\n'));
  const stop = () =>
    void Promise.all([docs.close(), mock.close(), reference.close()]).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

start().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
