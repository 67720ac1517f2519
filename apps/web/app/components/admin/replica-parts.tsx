import type { ReplicaStatus } from '@parkside/db';
import { EmptyNote } from '~/components/ui/empty-state';
import { Section } from '~/components/ui/section';

const STATE_STYLE: Record<ReplicaStatus['state'], string> = {
  'in use': 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  lagging: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  down: 'bg-red-50 text-red-800 ring-red-600/20',
  starting: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

/** A lag as people read it: "0.04 s", "12 s", "3 min 5 s". */
export function lagText(lagMs: number | null): string {
  if (lagMs === null) return 'no answer';
  if (lagMs < 10_000) return `${(lagMs / 1000).toFixed(2)} s`;
  const seconds = Math.round(lagMs / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * The read replicas as the server that drew this page sees them (decision 070): whether it reads
 * each one, how far behind the primary it is, and the WAL position it has replayed.
 */
export function ReplicasSection({ replicas }: { replicas: ReplicaStatus[] }) {
  return (
    <Section
      title={`Read replicas (${replicas.length})`}
      description="As this server sees them. Lists, search and figures are read from a replica in use; a person’s own changes and everything kept are read where they already are."
    >
      {replicas.length === 0 ? (
        <EmptyNote>
          No read replicas are set: every read goes to the primary. DATABASE_REPLICA_URL adds them.
        </EmptyNote>
      ) : (
        <ul aria-label="Read replicas" className="divide-y divide-slate-100">
          {replicas.map((replica) => (
            <li
              key={replica.name}
              className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="font-mono text-sm break-all text-slate-900">{replica.name}</span>
              <dl className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-700">
                <div>
                  <dt className="sr-only">State</dt>
                  <dd
                    className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATE_STYLE[replica.state]}`}
                  >
                    {replica.state}
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>Behind the primary:</dt>
                  <dd className="font-medium text-slate-900">{lagText(replica.lagMs)}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Replayed to</dt>
                  <dd className="font-mono">{replica.replayLsn ?? '—'}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
