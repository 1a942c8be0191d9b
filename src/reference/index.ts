// service-contract/reference: the reference server (optional peers: libsql, undici).
export {
  EPHEMERAL_STREAM,
  type ReferenceOptions,
  createReferenceHandler,
  startReference,
} from './server.js';
export { type ProfileOptions, profileOf } from './profile.js';
export {
  APP,
  type OAuthClient,
  type ReferenceToken,
  type StaticSubscription,
  type Workspace,
  seedWorkspace,
} from './fixtures.js';
