import { createLogger } from '@stoplight/prism-core';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { createServer as createPrismServer } from '@stoplight/prism-http-server';
import { listApiDocuments, readBundledDocument } from '../../src/documents.ts';
import { startMock } from '../../src/mock/server.ts';
import { type Load, autocannon, median } from './autocannon.ts';

// Requests per second and p99 latency of the versioned mock against bare Prism (its own HTTP
// server, request validation on as `prism mock` has it) serving the same document. The load comes
// from autocannon in a second process, on loopback, for a bounded time; the two servers take turns.
// Target: the router costs at most 10% (ratio >= 0.9).
const VERSION = '2026-08-25';
const ROUNDS = 3;
const SECONDS = 4;
interface Scenario {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: string;
}

const SCENARIOS: Scenario[] = [
  { name: 'GET /webhook.list', path: '/webhook.list', method: 'GET' },
  {
    name: 'POST /chat.postEphemeral (body validated)',
    path: '/chat.postEphemeral',
    method: 'POST',
    body: JSON.stringify({
      chatId: '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11',
      userId: '9c4d2e7a-6b1f-4a38-8e05-2f7c1b9d0a33',
      text: 'Only you can see this.',
    }),
  },
];

const load = (url: string, scenario: Scenario, headers: Record<string, string>) =>
  autocannon(url, { ...scenario, headers, seconds: SECONDS });

export async function run(): Promise<void> {
  const document = readBundledDocument(listApiDocuments().find((api) => api.version === VERSION)!);
  const mock = await startMock();
  const prism = createPrismServer(await getHttpOperationsFromSpec(structuredClone(document)), {
    components: { logger: createLogger('bench', { level: 'silent' }) },
    config: {
      mock: { dynamic: false },
      checkSecurity: false,
      validateRequest: true,
      validateResponse: false,
      errors: false,
      upstreamProxy: undefined,
      isProxy: false,
    },
    cors: false,
  });
  const bareUrl = await prism.listen(0, '127.0.0.1');
  try {
    for (const scenario of SCENARIOS) {
      const rounds: Array<{ mock: Load; bare: Load }> = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const versioned = await load(`${mock.url}/v1${scenario.path}`, scenario, {
          authorization: 'Bearer mock-2026-08-25',
        });
        const bare = await load(`${bareUrl}${scenario.path}`, scenario, {});
        rounds.push({ mock: versioned, bare });
      }
      report(scenario, rounds);
    }
  } finally {
    await Promise.all([mock.close(), prism.close()]);
  }
}

function report(scenario: Scenario, rounds: Array<{ mock: Load; bare: Load }>): void {
  const rps = {
    mock: median(rounds.map((r) => r.mock.requests)),
    bare: median(rounds.map((r) => r.bare.requests)),
  };
  const p99 = {
    mock: median(rounds.map((r) => r.mock.p99)),
    bare: median(rounds.map((r) => r.bare.p99)),
  };
  console.log(
    `mock: ${scenario.name} (${VERSION}), autocannon -c 10, ${ROUNDS} interleaved rounds of ${SECONDS} s, medians`,
  );
  console.log(`  bare Prism        ${Math.round(rps.bare)} req/s, p99 ${p99.bare} ms`);
  console.log(`  versioned mock    ${Math.round(rps.mock)} req/s, p99 ${p99.mock} ms`);
  console.log(
    `  ratio ${(rps.mock / rps.bare).toFixed(2)} of bare Prism's throughput (target >= 0.9); p99 ${(p99.mock / Math.max(p99.bare, 1)).toFixed(2)}x`,
  );
}
