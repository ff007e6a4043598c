// The admin remote: exposes ./App (its routes below the paths the shell gives it, see @paddock/shared/federation).
// `npm run dev -w mfe-admin` serves it alone on port 3004 with src/bootstrap-standalone.tsx.
module.exports = require('@paddock/webpack').createConfig({ name: 'admin', dir: __dirname });
