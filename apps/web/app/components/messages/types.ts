import type { ApiCaller } from '@parkside/api';

/** The conversations beside the thread: message.threads' answer. */
export type ConversationSummary = Awaited<
  ReturnType<ApiCaller['message']['threads']>
>['items'][number];
/** One open conversation: message.thread's answer. */
export type Thread = Awaited<ReturnType<ApiCaller['message']['thread']>>;
