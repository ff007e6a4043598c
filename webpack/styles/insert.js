// mini-css-extract-plugin's `insert` for every app (webpack/index.js): a chunk's stylesheet <link> goes into
// document.head, except on a page where the partner embed (mfe-devices/src/embed, docs/product/embedding.md) is in
// charge of styles: there the embed's style hub loads it into the embed's shadow roots only, so Paddock's rules never
// reach the partner's page. The plugin copies this function's source into each app's runtime: it may use nothing
// from outside itself.
/* global document */
'use strict';

module.exports = function insertPaddockStylesheet(link) {
  var hub = globalThis.__PADDOCK_EMBED_STYLES__;
  if (hub) hub.addLink(link);
  else document.head.appendChild(link);
};
