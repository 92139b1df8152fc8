// Errors a user can cause (bad arguments, missing files): printed as one line, exit code 2, no stack trace.
export class UsageError extends Error {}
