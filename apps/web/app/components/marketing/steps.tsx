export interface Step {
  title: string;
  body: string;
}

/** Numbered "how it works" steps: one column on phones, three side by side from md up. */
export function Steps({ steps }: { steps: Step[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <span
            aria-hidden="true"
            className="bg-brand-700 grid h-10 w-10 place-items-center rounded-full text-lg font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-bold">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-slate-700">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
