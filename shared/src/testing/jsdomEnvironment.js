// jsdom lacks the fetch family and a few other platform globals that Node has; the app's code uses them
// (the API client needs fetch, Request, Response, Headers, AbortController; others TextEncoder, streams), so the tests get Node's real ones.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File',
  'TextEncoder', 'TextDecoder', 'ReadableStream', 'WritableStream', 'TransformStream',
  'AbortController', 'AbortSignal', 'structuredClone', 'BroadcastChannel',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of NODE_GLOBALS) if (globalThis[name]) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
