import { sendEmailTask } from '@parkside/email/queue';
import type { AppLoadContext } from '@remix-run/node';

/**
 * The e-mails that wait in the queue because no mail server is set (the System page says why),
 * from the queue's rows by task; null when mail can leave or none waits.
 */
export function stuckMailOf(
  context: AppLoadContext,
  queue: { task: string; due: number; later: number }[],
): { task: string; waiting: number } | null {
  if (context.mailWorks) return null;
  const mail = queue.find((row) => row.task === sendEmailTask.name);
  const waiting = mail ? mail.due + mail.later : 0;
  return waiting > 0 ? { task: sendEmailTask.name, waiting } : null;
}
