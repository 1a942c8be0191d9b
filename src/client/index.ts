export {
  type ClientOptions,
  type ClientVersion,
  type ServiceClient,
  createClient,
} from './create-client.js';
export { type ErrorCode, errorCode } from './error-code.js';
export { type VersionHeaders, versionHeaders } from './version-headers.js';
