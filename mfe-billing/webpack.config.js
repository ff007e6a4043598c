// The billing remote: exposes ./App (its routes below the paths the shell gives it, see @paddock/shared/federation).
// `npm run dev -w mfe-billing` serves it alone on port 3003 with src/bootstrap-standalone.tsx.
module.exports = require('@paddock/webpack').createConfig({ name: 'billing', dir: __dirname });
