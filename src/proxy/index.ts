// service-contract/proxy: forwards to an implementation and reports answers the contract refuses.
export { type ProxyOptions, VIOLATIONS_HEADER, startProxy } from './proxy.js';
