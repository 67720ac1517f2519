import type { ReactNode } from 'react';
import { PageHeader } from '~/components/layout/page-header';
import { AdminNav } from './admin-nav';

/**
 * The top of every admin page: the way back (to the Admin Panel unless said), the title, one
 * line about it, and the admin sections.
 */
export function AdminPageHeader({
  title,
  badges,
  children,
  back = { to: '/admin', label: 'Admin Panel' },
}: {
  title: ReactNode;
  /** Status pills shown after the title (a record page: the event's status, the user's roles). */
  badges?: ReactNode;
  children: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <>
      <PageHeader
        back={back}
        title={
          badges ? (
            <span className="flex flex-wrap items-center gap-3">
              {title}
              {badges}
            </span>
          ) : (
            title
          )
        }
      >
        {children}
      </PageHeader>
      <AdminNav />
    </>
  );
}
