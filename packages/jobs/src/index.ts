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
export {
  defineTask,
  handlerOf,
  jobOf,
  mergeTaskSets,
  taskSet,
  type PayloadSchema,
  type Task,
  type TaskSet,
} from './task';
