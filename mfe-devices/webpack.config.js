// The devices remote: exposes ./App (its routes below the paths the shell gives it, see @paddock/shared/federation)
// and ./embed (the partner embed, docs/product/embedding.md), and builds the embed's classic loader, embed.js.
// `npm run dev -w mfe-devices` serves it alone on port 3002 with src/bootstrap-standalone.tsx.
const embedLoaderConfig = require('./src/embed/loader.webpack.js');

module.exports = [
  require('@paddock/webpack').createConfig({
    name: 'devices',
    dir: __dirname,
    exposes: { './App': './src/App.tsx', './embed': './src/embed/mount.ts' },
  }),
  embedLoaderConfig({ dir: __dirname, dependsOn: 'devices' }),
];
