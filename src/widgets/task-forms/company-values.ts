/**
 * Company details wizard values: from the server's record to the form and back, each step's
 * client-side rules (the spec's messages, the same rules the server applies), and the half-hour
 * slots from 09:00AM around the clock.
 */
import { COMPANY_MESSAGES, type CompanyDetail, WEEK_DAYS, yearTooLate } from '../../api/contracts/tasks';

/** The company form's values: the detail as typed (the year as text until it is checked). */
export type Values = Omit<CompanyDetail, 'completed_step' | 'established_year' | 'version'> & {
  established_year: string;
};
export type Errors = Partial<Record<keyof Values, string>>;

const slot = (minutes: number) => {
  const h24 = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${String(h12).padStart(2, '0')}:${String(m).padStart(2, '0')}${h24 < 12 ? 'AM' : 'PM'}`;
};
export const SIZE_LABELS: Record<string, string> = {
  local: 'Local',
  family_owned: 'Family Owned',
  national: 'National',
  national_franchise: 'National Franchise',
  other: 'Other',
};
export const DISTINCTION_LABELS: Record<string, string> = {
  drive_marked_vehicles: 'Drive marked vehicles',
  wear_shoe_covers: 'Wear shoe covers',
  undergo_drug_testing: 'Undergo drug testing',
  wear_uniforms: 'Wear uniforms',
  are_background_checked: 'Are background checked',
  not_applicable: 'Not applicable',
};

export const HALF_HOURS = Array.from({ length: 48 }, (_, i) => slot(9 * 60 + i * 30));

export function toValues(detail: CompanyDetail | undefined, weekendClosed = true): Values {
  const hours = WEEK_DAYS.map((day) => {
    const stored = detail?.operations_hours.find((h) => h.day === day);
    const weekend = day === 'saturday' || day === 'sunday';
    return (
      stored ?? { day, is_opened: !(weekendClosed && weekend), is_24_hours: false, from: null, to: null }
    );
  });
  return {
    company_quote: detail?.company_quote ?? '',
    first_name: detail?.first_name ?? '',
    last_name: detail?.last_name ?? '',
    title: detail?.title ?? '',
    business_address: detail?.business_address ?? '',
    founder: detail?.founder ?? '',
    established_year: detail?.established_year ? String(detail.established_year) : '',
    owned: detail?.owned ?? [],
    other_owned: detail?.other_owned ?? '',
    operations_hours: hours,
    emp_distinctions: detail?.emp_distinctions ?? [],
  };
}

/** The step's body for POST /activities/company_details. */
export function stepBody(values: Values, step: number): Record<string, unknown> {
  if (step === 1) {
    const { company_quote, first_name, last_name, title, business_address } = values;
    return { step: '1', company_quote, first_name, last_name, title, business_address };
  }
  if (step === 2)
    return {
      step: '2',
      founder: values.founder,
      established_year: values.established_year ? Number(values.established_year) : null,
      owned: values.owned,
      other_owned: values.owned.includes('other') ? values.other_owned : null,
    };
  if (step === 3) return { step: '3', operations_hours: values.operations_hours };
  return { step: '4', emp_distinctions: values.emp_distinctions };
}

export function stepErrors(values: Values, step: number, year = new Date().getFullYear()): Errors {
  const errors: Errors = {};
  if (step === 1) {
    if (!values.company_quote.trim()) errors.company_quote = COMPANY_MESSAGES.quote;
    if (!values.title.trim()) errors.title = COMPANY_MESSAGES.title;
    if (!values.business_address.trim()) errors.business_address = 'This field is required*';
  } else if (step === 2) {
    if (!values.established_year) errors.established_year = COMPANY_MESSAGES.year;
    else if (Number(values.established_year) > year) errors.established_year = yearTooLate(year);
    if (values.owned.length === 0) errors.owned = COMPANY_MESSAGES.size;
    else if (values.owned.includes('other') && !values.other_owned.trim())
      errors.other_owned = COMPANY_MESSAGES.otherRequired;
  } else if (step === 3) {
    if (values.operations_hours.some((h) => h.is_opened && !h.is_24_hours && (!h.from || !h.to)))
      errors.operations_hours = COMPANY_MESSAGES.hours;
  } else if (values.emp_distinctions.length === 0) errors.emp_distinctions = COMPANY_MESSAGES.distinctions;
  return errors;
}

/** Errors that the spec also toasts ('Please select company size', ...). */
export const TOASTED: (keyof Values)[] = ['owned', 'operations_hours', 'emp_distinctions'];
