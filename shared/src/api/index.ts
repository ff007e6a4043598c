export * from './client';
export * from './feedback';
export { apiTexts } from './messages';
export * from './users';
export * from './devices';
export * from './history';
export * from './push';
