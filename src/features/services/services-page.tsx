/**
 * /dashboard/services (spec part 3 §2.10): the partner software offerings from the server, one
 * card each with title, highlights, the description (collapsed with 'Read More' when taller than
 * 200 px) and 'Request A Demo', which opens the partner's page in a new tab.
 * Default export: loaded lazily by the dashboard's route table.
 */
import './services.css';
import { endpointPath } from '../../api/contracts/endpoints';
import { PartnerServicesResponse } from '../../api/contracts/services';
import { PRODUCT_NAME } from '../../lib/config';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { PartnerCard } from './partner-card';

export const PARTNERS_PATH = endpointPath('GET /partner_services');

export default function ServicesPage() {
  const read = useCachedRead(PartnerServicesResponse, PARTNERS_PATH);
  const services = read.data?.services;
  return (
    <div className="services">
      <title>{`Services · ${PRODUCT_NAME}`}</title>
      <div className="services__header">
        <h1 className="services__title">Services</h1>
        <OfflineBadge offline={read.offline} asOf={read.asOf} />
      </div>
      <p className="services__intro">Software our partners offer to help you run and grow your business.</p>
      {services === undefined ? (
        <p className="services__state" role={read.error ? 'alert' : undefined}>
          {read.error ? read.error.message : 'Loading services…'}
        </p>
      ) : services.length === 0 ? (
        <p className="services__state">No data available</p>
      ) : (
        <ul className="services__grid">
          {services.map((service) => (
            <li key={service.slug}>
              <PartnerCard service={service} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
