export * from './store';
export * from './actions';
