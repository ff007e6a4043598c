export * from './store';
export * from './actions';
export * from './unsaved';
