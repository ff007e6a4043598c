export * from './define';
export * from './LocaleProvider';
export * from './locale';
export * from './countries';
export { localeAtom } from '../session/store';
