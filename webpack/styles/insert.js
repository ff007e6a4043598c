// style-loader `insert` for every app (webpack/index.js): a <style> goes into document.head, except on a page where the
// partner embed (mfe-devices/src/embed, docs/product/embedding.md) is in charge of styles: there it stays out of the
// page, and the embed's shadow roots adopt the CSS instead (styleTagTransform.js), so Paddock's rules never reach the
// partner's page.
/* global document */
'use strict';

module.exports = function insertPaddockStyle(element) {
  if (globalThis.__PADDOCK_EMBED_STYLES__) return;
  document.head.appendChild(element);
};
