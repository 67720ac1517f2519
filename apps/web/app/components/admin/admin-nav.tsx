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
  { to: '/storage-metrics', label: 'Storage' },
  { to: '/admin/system', label: 'System' },
] as const;

/** The admin sections, on every admin page; scrolls sideways on a phone. */
export function AdminNav() {
  return (
    <nav aria-label="Admin sections" className="-mx-4 mt-5 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={'end' in section}
              className={({ isActive }) =>
                `-mb-px inline-block border-b-2 px-3 py-2 text-sm font-semibold whitespace-nowrap ${
                  isActive
                    ? 'border-brand-700 text-brand-800'
                    : 'hover:text-ink border-transparent text-slate-600 hover:border-slate-300'
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
