/**
 * A lead row's Call and Email actions: call (tel:) when the lead has a phone number, e-mail
 * (mailto:) for a form lead with an address, straight from the list without opening the drawer.
 *
 * - A tap on an action only dials or writes: it stops there, so the row under it never opens the
 *   drawer as well.
 * - Each action is an icon button named for the lead ("Call Rebecca Richardson"); the number
 *   shows formatted as everywhere in the app ((512) 555-0094) in its tooltip. Side by side on a
 *   wide table (the column stays narrow enough for 1024 px), one over the other on a phone
 *   (`compact`), each 44 px wide.
 * - The list request asks for the contact cells whatever columns are shown (leads-start.ts).
 */
import type { LeadRow } from '../../api/contracts/leads';
import { displayPhone, telHref } from '../../lib/phone';

const cellValue = (row: LeadRow, name: string) =>
  row.data.find((c) => c.name === name)?.value?.trim() || null;

/** The row's call and e-mail links, or null each when it has none. */
export function contactLinks(row: LeadRow): { tel: string | null; phone: string; mailto: string | null } {
  const phone = cellValue(row, 'phone_number');
  const email = row.lead_type === 'Form' ? cellValue(row, 'email') : null;
  return {
    tel: telHref(phone),
    phone: displayPhone(phone),
    mailto: email?.includes('@') ? `mailto:${email}` : null,
  };
}

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

const PHONE_ICON =
  'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.23z';
const MAIL_ICON =
  'M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zm0 2v.4l8 5 8-5V7H4zm16 2.75-7.47 4.67a1 1 0 0 1-1.06 0L4 9.75V17h16V9.75z';

/** One icon link (call or e-mail): its own click never opens the row's drawer. */
function ContactAction({
  href,
  title,
  icon,
  label,
}: {
  href: string;
  title: string;
  icon: string;
  label: string;
}) {
  return (
    <a className="lead-contact__action" href={href} title={title} onClick={stop} onKeyDown={stop}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={icon} />
      </svg>
      <span className="visually-hidden">{label}</span>
    </a>
  );
}

export function LeadContact({ row, name, compact }: { row: LeadRow; name: string; compact?: boolean }) {
  const { tel, phone, mailto } = contactLinks(row);
  if (!tel && !mailto) return null;
  const who = name || row.ref_id;
  return (
    <span className={compact ? 'lead-contact lead-contact--compact' : 'lead-contact'}>
      {tel ? (
        <ContactAction href={tel} title={`Call ${phone}`} icon={PHONE_ICON} label={`Call ${who}`} />
      ) : null}
      {mailto ? (
        <ContactAction
          href={mailto}
          title={`Email ${mailto.slice('mailto:'.length)}`}
          icon={MAIL_ICON}
          label={`Email ${who}`}
        />
      ) : null}
    </span>
  );
}
