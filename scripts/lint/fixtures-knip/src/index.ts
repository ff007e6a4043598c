import { usedHelper } from './helpers';

export const main = () => usedHelper();
