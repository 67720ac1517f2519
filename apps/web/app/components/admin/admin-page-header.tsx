import type { ReactNode } from 'react';
import { PageHeader } from '~/components/layout/page-header';
import { AdminNav } from './admin-nav';

/**
 * The top of every admin page: the way back (to the Admin Panel unless said), the title, one
 * line about it, and the admin sections.
 */
export function AdminPageHeader({
  title,
  children,
  back = { to: '/admin', label: 'Admin Panel' },
}: {
  title: ReactNode;
  children: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <>
      <PageHeader back={back} title={title}>
        {children}
      </PageHeader>
      <AdminNav />
    </>
  );
}
