import type { SelectHTMLAttributes } from 'react';
import { ErrorList, inputClass, useFieldIds, type FieldErrors } from '~/components/forms/field';
import { FormRow } from '~/components/ui/form-row';

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
  const { id, errorId, aria } = useFieldIds(selectProps.id, errors);
  return (
    <FormRow htmlFor={id} label={label} className={className}>
      <select {...selectProps} id={id} className={inputClass} {...aria}>
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
    </FormRow>
  );
}
