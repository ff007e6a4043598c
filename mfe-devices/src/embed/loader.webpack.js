// The build of /remotes/devices/embed.js (loader.ts, docs/product/embedding.md): a classic script that is its own
// federation host. It provides the federation runtime that the remotes' production builds leave to their host
// (`externalRuntime`, webpack/index.js) and shares nothing, so the devices remote brings React and the rest itself.
// Built after the remote (`dependencies`), into the same dist folder.
'use strict';

const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

// As in webpack/index.js: one (ES) copy of runtime-core, the one the remotes are given.
const RUNTIME_CORE_ESM = require
  .resolve('@module-federation/runtime-core', { paths: [path.dirname(require.resolve('@module-federation/enhanced'))] })
  .replace(/\.cjs$/, '.js');

module.exports = function embedLoaderConfig({ dir, dependsOn }) {
  return (env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const isDev = mode === 'development';
    return {
      name: `${dependsOn}-embed`,
      dependencies: [dependsOn],
      mode,
      context: dir,
      entry: { embed: './src/embed/loader.ts' },
      devtool: isDev ? 'cheap-module-source-map' : false,
      output: {
        path: path.join(dir, 'dist'),
        filename: 'embed.js',
        chunkFilename: isDev ? 'embed-[name].js' : 'embed-[name].[contenthash:10].js',
        publicPath: 'auto',
        uniqueName: 'paddock_devices_embed',
        clean: false,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: { '@module-federation/runtime-tools/runtime-core$': RUNTIME_CORE_ESM },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2020' } },
            },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: 'paddock_devices_embed',
          remotes: {},
          shared: {},
          shareStrategy: 'loaded-first',
          manifest: false,
          dts: false,
          experiments: { optimization: { target: 'web' }, provideExternalRuntime: true },
        }),
      ],
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
      performance: { hints: false },
      stats: isDev ? 'minimal' : 'normal',
    };
  };
};
