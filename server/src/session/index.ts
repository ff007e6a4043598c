// Sign-in, token refresh and sign-out (docs/product/api.md "Session").
// Nothing of it is public yet: no other feature uses it.
export {};
