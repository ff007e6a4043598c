// The shell: host app served at `/` (docs/architecture/README.md#layout). Remotes are found at run time from /remotes.json. The service
// worker (precache and alarm push messages) is served at /sw.js, so its scope is the whole app. The favicon, the app icons and the
// web app manifest (public/, drawn by scripts/icons.mjs) are served at the root and linked from the page's head.
module.exports = require('@paddock/webpack').createConfig({
  name: 'shell',
  dir: __dirname,
  isHost: true,
  port: 3000,
  page: {
    title: 'Paddock',
    splash: true,
    head: [
      '<link rel="icon" href="/favicon.ico" sizes="32x32" />',
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png" />',
      '<link rel="manifest" href="/manifest.webmanifest" />',
    ],
  },
  // One service worker for the site: the precache and the push messages (src/serviceWorker/sw.js).
  serviceWorker: { entry: './src/serviceWorker/sw.js', filename: 'sw.js' },
  staticFiles: {
    'favicon.ico': './public/favicon.ico',
    'favicon.svg': './public/favicon.svg',
    'apple-touch-icon.png': './public/apple-touch-icon.png',
    'manifest.webmanifest': './public/manifest.webmanifest',
    'icons/icon-192.png': './public/icons/icon-192.png',
    'icons/icon-512.png': './public/icons/icon-512.png',
    'icons/maskable-512.png': './public/icons/maskable-512.png',
    // The partner variant's own set; the server links it from the page on a partner host (server/src/variants/page.ts).
    'variants/partner/favicon.ico': './public/variants/partner/favicon.ico',
    'variants/partner/favicon.svg': './public/variants/partner/favicon.svg',
    'variants/partner/apple-touch-icon.png': './public/variants/partner/apple-touch-icon.png',
    'variants/partner/manifest.webmanifest': './public/variants/partner/manifest.webmanifest',
    'variants/partner/icons/icon-192.png': './public/variants/partner/icons/icon-192.png',
    'variants/partner/icons/icon-512.png': './public/variants/partner/icons/icon-512.png',
    'variants/partner/icons/maskable-512.png': './public/variants/partner/icons/maskable-512.png',
  },
});
