import { NavLink } from '@remix-run/react';

const SECTIONS = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/events', label: 'Events' },
  { to: '/admin/listings', label: 'Listings' },
  { to: '/admin/issues', label: 'Issues' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/feedback', label: 'Feedback' },
  { to: '/admin/conversations', label: 'Conversations' },
  { to: '/admin/api-tokens', label: 'API tokens' },
  { to: '/admin/webhooks', label: 'Webhooks' },
  { to: '/storage-metrics', label: 'Storage' },
  { to: '/admin/system', label: 'System' },
] as const;

/**
 * The admin sections, on every admin page. They wrap onto a second line on a narrow screen
 * rather than scroll, so no section is ever cut at the edge.
 */
export function AdminNav() {
  return (
    <nav aria-label="Admin sections" className="mt-5 border-b border-slate-200 pb-3">
      <ul className="flex flex-wrap gap-1.5">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={'end' in section}
              className={({ isActive }) =>
                `inline-block rounded-lg px-3 py-1.5 text-sm font-semibold whitespace-nowrap ${
                  isActive
                    ? 'bg-brand-700 text-white'
                    : 'hover:text-ink bg-slate-100 text-slate-700 hover:bg-slate-200'
                }`
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
