// User accounts: sign-up, verification, details and deletion.
export { findUserByEmail, findUserById, insertUser, toUser } from './store';
