// The partner page's script (docs/product/embedding.md). Paddock is the origin this page's host names without its
// "shop." prefix (http://shop.localhost:8080 → http://localhost:8080), or `?paddock=<origin>`. The token comes from the
// form or the address's fragment (#token=…), never its query (which servers log).
/* global document, window, location */
'use strict';

(function () {
  const params = new URLSearchParams(location.search);
  const paddock = params.get('paddock') || location.origin.replace('//shop.', '//');
  const apiBase = `${paddock}/api`;
  let unmountSecond = null;

  function show(token) {
    remove();
    const element = document.createElement('paddock-devices');
    element.setAttribute('api-base', apiBase);
    if (token) element.setAttribute('token', token);
    element.setAttribute('locale', 'en-GB');
    element.id = 'first-embed';
    document.getElementById('element-slot').appendChild(element);

    const second = document.createElement('div');
    second.id = 'second-embed';
    document.getElementById('mount-slot').appendChild(second);
    const pending = window.PaddockDevices.mount(second, { apiBase, token, locale: 'en-GB', variant: 'partner' });
    unmountSecond = () => pending.then((unmount) => unmount());
  }

  // The custom element unmounts itself when it leaves the document; the other one is unmounted, then removed.
  function remove() {
    document.getElementById('first-embed')?.remove();
    const second = document.getElementById('second-embed');
    const done = unmountSecond ? unmountSecond() : Promise.resolve();
    unmountSecond = null;
    return done.then(() => second?.remove());
  }

  // For people trying the page, and for the end-to-end test.
  window.partnerDemo = { show, remove, apiBase, paddock };

  const loader = document.createElement('script');
  loader.src = `${paddock}/remotes/devices/embed.js`;
  loader.onload = () => {
    const token = new URLSearchParams(location.hash.slice(1)).get('token') || '';
    document.getElementById('token').value = token;
    show(token);
  };
  document.head.appendChild(loader);

  document.getElementById('session').addEventListener('submit', (event) => {
    event.preventDefault();
    show(document.getElementById('token').value.trim());
  });
  document.getElementById('remove').addEventListener('click', () => void remove());
})();
