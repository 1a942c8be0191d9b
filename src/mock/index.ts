// service-contract/mock: the versioned mock over Prism (an optional peer: @stoplight/prism-*).
export { createMockHandler, startMock } from './server.js';
export { type MockConfig, defaultConfig, loadMockConfig } from './config.js';
export { mockProfile } from './profile.js';
