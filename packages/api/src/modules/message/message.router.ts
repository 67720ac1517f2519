import {
  messageBookingInput,
  messageSendInput,
  messageThreadInput,
  messageThreadsInput,
} from '@parkside/validators';
import { router, verifiedProcedure } from '../../trpc';
import { requireThread, listThreads, markRead, sendMessage, unreadCount } from './message.service';

/**
 * Driver–host conversations, one per booking. Only the booking's two people may read or write
 * one; anyone else gets NOT_FOUND, as the booking procedures answer.
 */
export const messageRouter = router({
  /** My conversations, latest activity first, each with my own unread count. */
  threads: verifiedProcedure
    .input(messageThreadsInput)
    .query(({ ctx, input }) => listThreads(ctx.db, ctx.user, input?.cursor)),

  /** A booking's conversation, the newest page of messages first (`before` pages back). */
  thread: verifiedProcedure
    .input(messageThreadInput)
    .query(({ ctx, input }) => requireThread(ctx.db, ctx.user, input)),

  /** Idempotent by `clientKey`; closed once the booking is cancelled or a week after the event. */
  send: verifiedProcedure
    .meta({ scope: 'messages:write', rerunnable: true })
    .input(messageSendInput)
    .mutation(({ ctx, input }) => sendMessage(ctx.db, ctx.limits, ctx.user, input)),

  /** Marks the conversation read for me (never for the other person). */
  markRead: verifiedProcedure
    .meta({ scope: 'messages:write', rerunnable: true })
    .input(messageBookingInput)
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.user, input.bookingId)),

  /** My unread messages across every conversation (the badge). */
  unreadCount: verifiedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user)),
});
