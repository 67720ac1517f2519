export { enqueueJobs, type JobSpec } from './enqueue';
export {
  createJobRunner,
  jobUpkeep,
  retryDelayMs,
  type JobRunner,
  type JobRunnerOptions,
  type Schedule,
  type TaskHandler,
  type Tasks,
} from './runner';
