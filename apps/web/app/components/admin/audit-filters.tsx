import { AUDIT_ACTION_NAMES } from '@parkside/validators';
import { Form, useLocation, useNavigation } from '@remix-run/react';
import { SubmitAndClear } from '~/components/ui/list-search';
import { ACTION_LABELS } from '~/components/admin/audit-list';
import { inputClass } from '~/components/forms/field';
import { FormRow } from '~/components/ui/form-row';

export type AuditFilter = 'action' | 'actor' | 'target' | 'from' | 'to' | 'cursor';

/** The audit log's filters: action, admin, record and a range of UTC days. */
export function AuditFilters({ filters }: { filters: Record<AuditFilter, string> }) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const filtered = Object.entries(filters).some(([key, value]) => key !== 'cursor' && value);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter the audit log"
      className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto_auto_auto] lg:items-end"
    >
      <FormRow htmlFor="audit-action" label="Action">
        <select
          id="audit-action"
          name="action"
          defaultValue={filters.action}
          className={inputClass}
        >
          <option value="">Any action</option>
          {AUDIT_ACTION_NAMES.map((action) => (
            <option key={action} value={action}>
              {ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </FormRow>
      {(
        [
          ['actor', "Admin's e-mail", 'email'],
          ['target', 'Record (id or e-mail)', 'text'],
          ['from', 'From (UTC)', 'date'],
          ['to', 'To (UTC)', 'date'],
        ] as const
      ).map(([name, label, type]) => (
        <FormRow key={name} htmlFor={`audit-${name}`} label={label}>
          <input
            id={`audit-${name}`}
            name={name}
            type={type}
            defaultValue={filters[name]}
            maxLength={type === 'date' ? undefined : 254}
            className={inputClass}
          />
        </FormRow>
      ))}
      <div className="flex gap-2">
        <SubmitAndClear
          label={loading ? 'Filtering…' : 'Filter'}
          clearTo={filtered ? pathname : null}
        />
      </div>
    </Form>
  );
}
