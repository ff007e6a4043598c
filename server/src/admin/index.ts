// Admin tools: user and device search, impersonation, statistics, the mailbox and SMS outbox (docs/product/admin.md).
// Nothing of it is public yet: no other feature uses it.
export {};
