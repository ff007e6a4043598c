// style-loader `styleTagTransform` for every app (webpack/index.js): the CSS text goes into its <style> as usual and,
// on a page with the partner embed (see insert.js), to the embed's style hub, which scopes it to its shadow roots.
/* global document */
'use strict';

module.exports = function paddockStyleTagTransform(css, styleElement) {
  const hub = globalThis.__PADDOCK_EMBED_STYLES__;
  if (hub) {
    hub.add(css);
    return;
  }
  while (styleElement.firstChild) styleElement.removeChild(styleElement.firstChild);
  styleElement.appendChild(document.createTextNode(css));
};
