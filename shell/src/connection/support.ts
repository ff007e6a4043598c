// Where users get help (docs/product/screens.md navbar "Support", docs/product/errors.md connection-failure text). One place for the address.
export const SUPPORT_HOST = 'support.paddock.farm';
export const SUPPORT_URL = `https://${SUPPORT_HOST}/`;
