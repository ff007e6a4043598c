// Prefer the sub-path imports (@paddock/shared/api, /session, …); this index is for convenience in tests.
export * from './federation';
