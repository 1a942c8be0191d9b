// service-contract/proxy: forwards to an implementation and reports the requests and answers the
// contract refuses.
export {
  type ProxyOptions,
  REQUEST_VIOLATIONS_HEADER,
  VIOLATIONS_HEADER,
  startProxy,
} from './proxy.js';
