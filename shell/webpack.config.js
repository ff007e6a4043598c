// The shell: host app served at `/` (docs/architecture/README.md#layout). Remotes are found at run time from /remotes.json. The service
// worker that shows alarm push messages is served at /sw.js, so its scope is the whole app.
module.exports = require('@paddock/webpack').createConfig({
  name: 'shell',
  dir: __dirname,
  isHost: true,
  port: 3000,
  page: { title: 'Paddock', splash: true },
  staticFiles: { 'sw.js': './src/push/serviceWorker.js' },
});
