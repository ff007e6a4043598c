// The account remote: exposes ./App (its routes below the paths the shell gives it, see @paddock/shared/federation).
// `npm run dev -w mfe-account` serves it alone on port 3001 with src/bootstrap-standalone.tsx.
module.exports = require('@paddock/webpack').createConfig({ name: 'account', dir: __dirname });
