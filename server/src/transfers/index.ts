// Transfers: an owner offers a device to another account, which accepts or declines it.
export { checkOffer, makeOffer } from './offer';
