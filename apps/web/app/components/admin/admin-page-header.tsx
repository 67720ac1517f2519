import type { ReactNode } from 'react';
import { PageHeader } from '~/components/layout/page-header';

/** The top of every admin page: the way back to the Admin Panel, the title, one line about it. */
export function AdminPageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageHeader back={{ to: '/admin', label: 'Admin Panel' }} title={title}>
      {children}
    </PageHeader>
  );
}
