import type { IncomingMessage, ServerResponse } from 'node:http';
import { createFront } from '../http/front.ts';
import { writeJson } from '../http/http-io.ts';
import { listen } from '../mock/server.ts';
import { loadDocumentsByVersion } from '../validation/documents-by-version.ts';
import { loadVersionRegistry } from '../versions.ts';
import { type Workspace, frontConfig, seedWorkspace } from './fixtures.ts';
import { HANDLERS } from './handlers/index.ts';
import { type Store, openStore } from './store.ts';

export interface ReferenceOptions {
  /** Where the store lives; nothing acknowledged is lost on restart. */
  dataDir: string;
  port?: number;
  host?: string;
  workspace?: Workspace;
}

/** A small, real implementation of the Service: the shared front, then handlers over the store. */
export async function createReferenceHandler(store: Store, workspace: Workspace) {
  const front = createFront(frontConfig(workspace), loadVersionRegistry(), loadDocumentsByVersion());
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const checked = await front(req);
    if (checked.kind === 'answer') return writeJson(res, checked.status, checked.headers, checked.body);
    const { request, headers } = checked;
    const handler = HANDLERS[`${request.generation} ${request.method} ${request.path}`];
    if (!handler) return writeJson(res, 501, headers, request.generation === 'v0' ? { code: 'not_implemented' } : { error: 'not_implemented' });
    // The front let only known credentials through; the OAuth endpoints carry none.
    const app = request.bearer === undefined ? '' : workspace.tokens[request.bearer]!.app;
    const answer = await handler({ request, app, store, workspace });
    writeJson(res, answer.status, headers, answer.body);
  };
}

/** Opens the store, seeds the static subscriptions, and serves on loopback. */
export async function startReference(options: ReferenceOptions) {
  const workspace = options.workspace ?? seedWorkspace();
  const store = await openStore(options.dataDir);
  for (const s of workspace.staticSubscriptions) {
    await store.upsertSubscription({ app: s.app, generation: 'v1', event: s.event, url: s.url, filter: null, dynamic: false });
  }
  const served = await listen(await createReferenceHandler(store, workspace), options, 'reference');
  return { ...served, store, workspace, close: async () => { await served.close(); store.close(); } };
}
