/**
 * "New message" mail, through the durable job queue: queued with the message, sent 10 minutes
 * later if the message is still unread then. The job's key makes it exist once per message and
 * recipient however many servers queued it.
 */
import {
  bookings,
  conversationReads,
  conversations,
  events,
  messages,
  users,
  type Database,
} from '@parkside/db';
import { messageUnreadEmail } from '@parkside/email';
import { enqueueEmails } from '@parkside/email/queue';
import { defineTask, enqueueJobs, jobOf } from '@parkside/jobs';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { inTransaction } from '../../transaction';

export const unreadMailTask = defineTask(
  'message.unread-mail',
  z.object({ messageId: z.uuid(), recipientId: z.string().min(1) }),
);
export const UNREAD_MAIL_DELAY_MS = 10 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** In the send's transaction: mail the other person if the message is still unread in 10 min. */
export async function queueUnreadMail(
  tx: Database,
  message: { id: string; createdAt: Date },
  recipientId: string | null,
) {
  if (!recipientId) return;
  await enqueueJobs(tx, [
    jobOf(
      unreadMailTask,
      { messageId: message.id, recipientId },
      {
        runAt: new Date(message.createdAt.getTime() + UNREAD_MAIL_DELAY_MS),
        key: `unread-mail:${message.id}`,
      },
    ),
  ]);
}

export async function sendUnreadMail(
  db: Database,
  publicUrl: string,
  { messageId, recipientId }: { messageId: string; recipientId: string },
  now: Date,
) {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        message: messages,
        bookingId: conversations.bookingId,
        eventTitle: events.title,
        senderName: users.name,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(bookings, eq(bookings.id, conversations.bookingId))
      .innerJoin(events, eq(events.id, bookings.eventId))
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(eq(messages.id, messageId));
    const [recipient] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, recipientId));
    if (!row || !recipient) return;
    // One row per person and conversation, locked: two servers cannot both decide to mail.
    await tx
      .insert(conversationReads)
      .values({
        conversationId: row.message.conversationId,
        userId: recipientId,
        lastReadAt: new Date(0),
      })
      .onConflictDoNothing();
    const [marker] = await tx
      .select()
      .from(conversationReads)
      .where(
        and(
          eq(conversationReads.conversationId, row.message.conversationId),
          eq(conversationReads.userId, recipientId),
        ),
      )
      .for('update');
    if (!marker || marker.lastReadAt >= row.message.createdAt) return; // read meanwhile
    if (marker.unreadMailedAt && now.getTime() - marker.unreadMailedAt.getTime() < HOUR_MS) return;
    await tx
      .update(conversationReads)
      .set({ unreadMailedAt: now })
      .where(
        and(
          eq(conversationReads.conversationId, marker.conversationId),
          eq(conversationReads.userId, recipientId),
        ),
      );
    const excerpt =
      row.message.body.length > 280 ? `${row.message.body.slice(0, 277)}…` : row.message.body;
    await enqueueEmails(tx, [
      {
        to: recipient.email,
        kind: 'message-unread',
        ...messageUnreadEmail({
          name: recipient.name,
          senderName: row.senderName ?? 'Someone',
          eventTitle: row.eventTitle,
          excerpt,
          url: new URL(`/messages?booking=${row.bookingId}`, publicUrl).toString(),
        }),
      },
    ]);
  });
}
