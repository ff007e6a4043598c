// The shell: host app served at `/` (DESIGN §2). Remotes are found at run time from /remotes.json.
module.exports = require('@paddock/webpack').createConfig({ name: 'shell', dir: __dirname, isHost: true, port: 3000 });
