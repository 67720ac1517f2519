import { AUDIT_ACTION_NAMES } from '@parkside/validators';
import { Form, useLocation, useNavigation } from '@remix-run/react';
import { SubmitAndClear } from '~/components/ui/list-search';
import { ACTION_LABELS } from '~/components/admin/audit-list';
import { CodeOptions, InputRow, SelectRow } from '~/components/forms/plain-rows';

export type AuditFilter = 'action' | 'actor' | 'target' | 'from' | 'to' | 'cursor';

/** The filters typed in, after the action: name, label and input type. */
const TEXT_FILTERS = [
  ['actor', "Admin's e-mail", 'email'],
  ['target', 'Record (id or e-mail)', 'text'],
  ['from', 'From (UTC)', 'date'],
  ['to', 'To (UTC)', 'date'],
] as const;

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
      <SelectRow id="audit-action" label="Action" name="action" defaultValue={filters.action}>
        <CodeOptions any="Any action" codes={AUDIT_ACTION_NAMES} labels={ACTION_LABELS} />
      </SelectRow>
      {TEXT_FILTERS.map(([name, label, type]) => (
        <InputRow
          key={name}
          id={`audit-${name}`}
          label={label}
          name={name}
          type={type}
          defaultValue={filters[name]}
          maxLength={type === 'date' ? undefined : 254}
        />
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
