import { accountRouter } from './modules/account/account.router';
import { eventRouter } from './modules/event/event.router';
import { systemRouter } from './modules/system/system.router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  account: accountRouter,
  event: eventRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;

/** An in-process caller: `createCaller(createContext({ db, headers })).event.list({})`. */
export const createCaller = createCallerFactory(appRouter);
export type ApiCaller = ReturnType<typeof createCaller>;
