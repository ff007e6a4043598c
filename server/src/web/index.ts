// The front-end builds served on the API's port: the shell, the remotes and /remotes.json.
// Nothing of it is public yet: no other feature uses it.
export {};
