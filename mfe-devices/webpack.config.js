// The devices remote: exposes ./App (its routes below the paths the shell gives it, see @paddock/shared/federation).
// `npm run dev -w mfe-devices` serves it alone on port 3002 with src/bootstrap-standalone.tsx.
module.exports = require('@paddock/webpack').createConfig({ name: 'devices', dir: __dirname });
