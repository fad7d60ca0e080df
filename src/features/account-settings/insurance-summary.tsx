/**
 * Business Details' insurance on file (spec part 2 §2, §9): general liability and workers
 * compensation with their expiration dates (an expired one in red) and certificates (sizes in KB
 * under 1 MB, otherwise MB); 'No insurance uploaded yet' when there is none.
 */
import type { Insurance } from '../../api/contracts/tasks';
import { fileSizeText } from '../../widgets/task-forms/file-checks';
import { FileList } from '../../widgets/task-forms/file-list';

type Cover = {
  name: string;
  date: string | null;
  expired: boolean;
  files: Insurance['general_liability_insurance_certificate'];
};

/** The covers on file (a date or a certificate), each expired when its date is before `now`. */
export function insuranceCovers(insurance: Insurance, now: string): Cover[] {
  const covers = [
    [
      'General Liability',
      insurance.general_expiration_date,
      insurance.general_liability_insurance_certificate,
    ],
    [
      "Workers' Compensation",
      insurance.workers_comp_expiration_date,
      insurance.workers_compensation_policies,
    ],
  ] as const;
  return covers
    .filter(([, date, files]) => date || files.length)
    .map(([name, date, files]) => ({ name, date, expired: date !== null && date < now, files }));
}

/** `today`: the account's day (use-account-today.ts), read by the section with its other reads. */
export function InsuranceSummary({ insurance, today }: { insurance: Insurance; today: string }) {
  const covers = insuranceCovers(insurance, today);
  if (covers.length === 0) return <p className="task-form__muted">No insurance uploaded yet</p>;
  return (
    <FileList label="Insurance on file">
      {covers.map((cover) => (
        <li key={cover.name} className="task-licenses__item">
          <span className="task-licenses__name">{cover.name}</span>
          {cover.date ? (
            <span
              className={
                cover.expired ? 'task-licenses__date task-licenses__date--expired' : 'task-licenses__date'
              }
            >
              {cover.expired ? 'Expired' : 'Expires'} {cover.date}
            </span>
          ) : null}
          {cover.files.map((file) => (
            <span key={file.id} className="task-licenses__file">
              {file.filename} ({fileSizeText(file.byte_size)})
            </span>
          ))}
        </li>
      ))}
    </FileList>
  );
}
