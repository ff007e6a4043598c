// Where users get help (SPEC §2 navbar "Support", SPEC §8 connection-failure text). One place for the address.
export const SUPPORT_HOST = 'support.paddock.farm';
export const SUPPORT_URL = `https://${SUPPORT_HOST}/`;
