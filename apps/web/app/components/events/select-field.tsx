import { useId, type SelectHTMLAttributes } from 'react';
import { ErrorList, inputClass, type FieldErrors } from '~/components/forms/field';

export interface Option {
  value: string;
  label: string;
}

/** A labelled select whose options come in (optionally labelled) groups. */
export function SelectField({
  label,
  errors,
  selectProps,
  groups,
  placeholder,
  className = '',
}: {
  label: string;
  errors?: FieldErrors;
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
  groups: { label?: string; options: Option[] }[];
  placeholder?: string;
  className?: string;
}) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        {...selectProps}
        id={id}
        className={inputClass}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {groups.map((group, index) =>
          group.label ? (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ) : (
            group.options.map((option) => (
              <option key={`${index}-${option.value}`} value={option.value}>
                {option.label}
              </option>
            ))
          ),
        )}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
