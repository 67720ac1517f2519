import type { Job } from '@parkside/db';
import type { JobSpec } from './enqueue';

/** Runs one job. Throwing schedules a retry (or, after the last attempt, marks it failed). */
export type TaskHandler = (payload: unknown, job: Job) => Promise<void>;
export type Tasks = Record<string, TaskHandler>;

/** Work that recurs: one job per slot of `everyMs`, however many servers run the schedule. */
export interface Schedule {
  task: string;
  everyMs: number;
  payload?: unknown;
}

/** Anything that checks a payload and returns it typed (a zod schema, for one). */
export interface PayloadSchema<P> {
  parse(input: unknown): P;
}

/** A kind of background work: its name and the shape of its payload. */
export interface Task<P> {
  readonly name: string;
  readonly payload: PayloadSchema<P>;
}

/** Names a task and its payload schema once; producers and the handler share it. */
export function defineTask<P>(name: string, payload: PayloadSchema<P>): Task<P> {
  return { name, payload };
}

/**
 * A job of `task`, ready for `enqueueJobs` in the caller's transaction. The payload is checked
 * here, so a job the handler could not read is never stored.
 */
export function jobOf<P>(
  task: Task<P>,
  payload: P,
  options: Omit<JobSpec, 'task' | 'payload'> = {},
): JobSpec {
  return { ...options, task: task.name, payload: task.payload.parse(payload) };
}

/** The handler of `task`: it receives the payload parsed by the task's schema. */
export function handlerOf<P>(
  task: Task<P>,
  run: (payload: P, job: Job) => Promise<void>,
): [string, TaskHandler] {
  return [task.name, async (payload, job) => run(task.payload.parse(payload), job)];
}

/** What a module hands the job runner: its handlers by task name, and its schedules. */
export interface TaskSet {
  tasks: Tasks;
  schedules: Schedule[];
}

/** A module's task set from its handlers (`handlerOf`) and schedules. */
export function taskSet(handlers: [string, TaskHandler][], schedules: Schedule[] = []): TaskSet {
  return { tasks: Object.fromEntries(handlers), schedules };
}

/** Several modules' task sets for one runner; a task named twice is a mistake, found at start. */
export function mergeTaskSets(...sets: TaskSet[]): TaskSet {
  const tasks: Tasks = {};
  for (const set of sets) {
    for (const [name, handler] of Object.entries(set.tasks)) {
      if (name in tasks) throw new Error(`Two handlers for the job task "${name}".`);
      tasks[name] = handler;
    }
  }
  return { tasks, schedules: sets.flatMap((set) => set.schedules) };
}
