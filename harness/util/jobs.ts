// How many submissions a batch grades at once. One per core leaves a core idle whenever a submission is
// between tests (its driver starting, Node judging a result, a sandbox being torn down); one more keeps
// both cores of a CI machine busy (measured on 2 cores: 351 -> 392 ps3-ocw submissions a minute).
import { availableParallelism } from 'node:os';

export function defaultJobs(): number {
  return availableParallelism() + 1;
}
