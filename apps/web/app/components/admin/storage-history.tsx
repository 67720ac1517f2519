import { formatBytes } from '~/utils/bytes';

/** Uploads per day as bars, with the same figures in a table for screen readers. */
export function StorageHistory({
  history,
}: {
  history: { day: string; objects: number; bytes: number }[];
}) {
  const max = Math.max(1, ...history.map((d) => d.bytes));
  return (
    <div>
      <div aria-hidden="true" className="flex h-32 items-end gap-0.5 sm:gap-1">
        {history.map((d) => (
          <div
            key={d.day}
            title={`${d.day}: ${d.objects} files, ${formatBytes(d.bytes)}`}
            className="bg-brand-600 min-h-px flex-1 rounded-t"
            style={{ height: `${(d.bytes / max) * 100}%` }}
          />
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{history[0]?.day}</span>
        <span>{history.at(-1)?.day}</span>
      </div>
      <table className="sr-only">
        <caption>Uploads per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Files</th>
            <th scope="col">Size</th>
          </tr>
        </thead>
        <tbody>
          {history.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.objects}</td>
              <td>{formatBytes(d.bytes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
