/**
 * The placeholder page of a dashboard section whose screens are not built yet: names the section
 * (from the server's tab names where the path belongs to a tab) and says it is coming soon.
 * Default export: loaded lazily like every page.
 */
import { useLocation } from 'wouter';
import { PRODUCT_NAME } from '@/lib/config';
import { useSession } from '../db/use-session';
import { OfflineBadge } from '../sync/ui/offline-badge';
import { ComingSoon } from './coming-soon';
import { sectionTitle } from './sections';

export default function SectionPage() {
  const [path] = useLocation();
  const { tabs } = useSession();
  const section = sectionTitle(path, tabs);
  return (
    <>
      <title>{`${section} · ${PRODUCT_NAME}`}</title>
      <OfflineBadge />
      <ComingSoon section={section} />
    </>
  );
}
