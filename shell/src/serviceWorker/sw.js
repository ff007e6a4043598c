// Paddock's one service worker, served as /sw.js with scope `/` (docs/architecture/installable-app.md): it precaches
// the shell and the remotes of this build so the app starts without a network, and it shows alarm push messages.
// Bundled on its own by webpack/index.js (no webpack or federation runtime in it); the server puts the precache list
// of the current builds in place of `self.__WB_MANIFEST` (server/src/http/precache.ts).
import './precache';
import '../push/serviceWorker';
