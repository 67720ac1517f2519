import type { ApiCaller } from '@parkside/api';
import { Link } from '@remix-run/react';

type PendingWork = Awaited<ReturnType<ApiCaller['admin']['pendingWork']>>;

/** The "To do" lines: what waits, each linking to where it is done (decision 057). */
function toDoItems(pending: PendingWork, mailWorks: boolean): { text: string; to: string }[] {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return [
    pending.listingsInReview > 0 && {
      text: `${n(pending.listingsInReview, 'listing waits', 'listings wait')} for review`,
      to: '/admin/listings',
    },
    pending.parkingReportsThisWeek > 0 && {
      text: `${n(pending.parkingReportsThisWeek, '“I can’t park here” report', '“I can’t park here” reports')} this week`,
      to: '/admin/issues',
    },
    pending.failedJobs > 0 && {
      text: `${n(pending.failedJobs, 'background job', 'background jobs')} failed`,
      to: '/admin/system',
    },
    pending.mailWaiting > 0 && {
      text: mailWorks
        ? `${n(pending.mailWaiting, 'e-mail waits', 'e-mails wait')} to be sent`
        : `No mail server is set: ${n(pending.mailWaiting, 'e-mail waits', 'e-mails wait')} (set SMTP_URL)`,
      to: '/admin/system',
    },
  ].filter((item): item is { text: string; to: string } => Boolean(item));
}

/** The overview's "To do" block: what waits, or that nothing does. */
export function PendingWorkList({
  pending,
  mailWorks,
}: {
  pending: PendingWork;
  mailWorks: boolean;
}) {
  const toDo = toDoItems(pending, mailWorks);
  return (
    <section
      aria-labelledby="todo-heading"
      className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="todo-heading" className="text-lg font-bold">
        To do
      </h2>
      {toDo.length === 0 ? (
        <p className="mt-2 text-slate-700">Nothing waits for you.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {toDo.map((item) => (
            <li key={item.text}>
              <Link
                to={item.to}
                className="text-brand-800 flex min-h-11 items-center justify-between gap-3 py-2 font-semibold hover:underline"
              >
                {item.text}
                <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
