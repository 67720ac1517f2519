/**
 * A checkbox per code (a webhook's event types, an API token's scopes), each with the code as
 * callers write it and a line on what it means. Sent as one `name` field per checked code.
 */
export function CodeChoices<Code extends string>({
  legend,
  name,
  idPrefix,
  codes,
  labels,
  chosen,
}: {
  legend: string;
  name: string;
  idPrefix: string;
  codes: readonly Code[];
  labels: Record<Code, string>;
  chosen: ReadonlySet<string>;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {codes.map((code) => (
          <label
            key={code}
            htmlFor={`${idPrefix}-${code}`}
            className="flex flex-wrap items-center gap-x-2 rounded-lg p-2 ring-1 ring-slate-200 has-[:checked]:bg-slate-50"
          >
            <input
              id={`${idPrefix}-${code}`}
              type="checkbox"
              name={name}
              value={code}
              defaultChecked={chosen.has(code)}
              className="accent-brand-700 size-4"
            />
            <span className="font-mono text-sm font-semibold">{code}</span>
            <span className="basis-full pl-6 text-sm text-slate-600">{labels[code]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
