import { Link } from '@remix-run/react';

const columns = [
  {
    title: 'Park',
    links: [
      { to: '/', label: 'Find parking' },
      { to: '/events', label: 'Upcoming events' },
    ],
  },
  {
    title: 'Host',
    links: [
      { to: '/list', label: 'List your driveway' },
      { to: '/Stadium-of-Fire', label: 'Stadium of Fire hosts' },
      { to: '/portland-WLF', label: 'Water Lantern Festival hosts' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/contact', label: 'Contact' },
      { to: '/terms', label: 'Terms' },
      { to: '/privacy', label: 'Privacy' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))]">
        <div className="max-w-sm">
          <Link
            to="/"
            className="text-ink inline-flex items-center gap-2 text-lg font-extrabold tracking-tight"
          >
            <span
              aria-hidden="true"
              className="bg-brand-700 grid h-8 w-8 place-items-center rounded-lg text-base text-white"
            >
              P
            </span>
            Parkside
          </Link>
          <p className="mt-3 text-sm text-slate-600">
            Parking for events, in the driveways next door. Drivers book a sure space near the game,
            concert or festival; neighbors earn from the driveway they already have.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:contents">
          {columns.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
              <h2
                id={`footer-${column.title.toLowerCase()}`}
                className="text-ink text-sm font-bold tracking-wide uppercase"
              >
                {column.title}
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="hover:text-ink text-slate-600 hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 pt-5 pb-20 text-sm text-slate-600 sm:px-6 sm:pb-5">
          © {new Date().getFullYear()} Parkside, Inc. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
