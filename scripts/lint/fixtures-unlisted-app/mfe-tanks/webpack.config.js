// A sixth app (a fixture): built like the others, but missing from scripts/appList.cjs.
module.exports = {};
