// Warranty registrations with a proof of purchase, and their review by staff.
// Nothing of it is public yet: no other feature uses it.
export {};
